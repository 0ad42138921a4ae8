/**
 * Call overhead: the same vendor operations made directly to the simulator and through the bridge
 * (WebSocket -> bridge -> vendor HTTP), interleaved in one run so both see the same machine load.
 * Target (issue 4): median overhead at most 15 % or 1 ms, whichever is larger.
 */
import { Agent, request } from 'node:http';
import { machine, ms, setUp, summary } from './bridge-common.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 500);
const env = await setUp();
const { sims, client } = env;
const camera = `http://127.0.0.1:${sims.ports.camera}`;
// Direct calls reuse connections like the bridge's own client does.
const agent = new Agent({ keepAlive: true });

function direct(command: string, body: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${camera}/${command}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: unknown };
          if (String(answer.code) === '0') resolve();
          else reject(new Error(`direct ${command} failed`));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

await client.call('camera.open', { camera: 0 });
const cases = {
  'camera status (param=get resolution)': {
    bridge: () => client.call('camera.getResolution', { camera: 0 }),
    direct: () => direct('param=get', { type: 'resolution', camidx: '0' }),
  },
  'capture 640x480 (video=grabimage)': {
    bridge: () => client.call('camera.capture', { camera: 0 }),
    direct: () =>
      direct('video=grabimage', {
        camidx: '0',
        make_uuid: '1',
        image_storage_info: { xdpi: '200', ydpi: '200', jpg_quality: '60' },
        image_process_info: { cut_type: '0', multi_object: '0', rotate: '0', reduce_shadow: '0' },
      }),
  },
};

console.log(`machine: ${machine()}`);
console.log(`rounds per case: ${ROUNDS} (after 50 warm-up rounds), interleaved bridge/direct`);
for (const [name, pair] of Object.entries(cases)) {
  for (let i = 0; i < 50; i++) {
    await pair.bridge();
    await pair.direct();
  }
  const viaBridge: number[] = [];
  const viaDirect: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate the order so neither side always runs on a warm cache.
    if (i % 2 === 0) {
      viaBridge.push(await time(pair.bridge));
      viaDirect.push(await time(pair.direct));
    } else {
      viaDirect.push(await time(pair.direct));
      viaBridge.push(await time(pair.bridge));
    }
  }
  const b = summary(viaBridge);
  const d = summary(viaDirect);
  const overhead = b.median - d.median;
  const allowed = Math.max(1, d.median * 0.15);
  console.log(
    `${name}: direct median ${ms(d.median)} p99 ${ms(d.p99)} | bridge median ${ms(b.median)} p99 ${ms(b.p99)} | median overhead ${ms(overhead)} (${((overhead / d.median) * 100).toFixed(1)} %), target <= ${ms(allowed)}: ${overhead <= allowed ? 'met' : 'NOT met'}`,
  );
}
agent.destroy();
await env.close();
