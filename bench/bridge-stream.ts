/**
 * MJPEG proxy throughput at 1920x1080: frames and bytes per second read through the bridge's proxy
 * versus straight from the simulator, both read at the same time (the simulator encodes each frame
 * once for all viewers, so both sides are offered the same frames).
 * Target (issue 4): the proxy delivers at least 95 % of direct.
 */
import { machine, setUp } from './bridge-common.ts';

const SECONDS = Number(process.env.SECONDS ?? 10);
const FPS = Number(process.env.FPS ?? 15);
const env = await setUp({ resolution: '1920x1080', fps: FPS });
const { sims, bridge, client } = env;

/** Counts complete JPEGs (SOI..EOI) and bytes of a stream for `seconds`. */
async function measure(url: string, seconds: number) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  if (!res.body) throw new Error(`no stream from ${url}`);
  const reader = res.body.getReader();
  let bytes = 0;
  let frames = 0;
  let carry = Buffer.alloc(0);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    // Count frames by their end marker; keep one byte so a marker split across chunks is found.
    const chunk = Buffer.concat([carry, Buffer.from(value)]);
    let at = chunk.indexOf(Buffer.from([0xff, 0xd9]));
    while (at >= 0) {
      frames++;
      at = chunk.indexOf(Buffer.from([0xff, 0xd9]), at + 2);
    }
    carry = chunk.subarray(chunk.length - 1);
  }
  const elapsed = (performance.now() - started) / 1000;
  controller.abort();
  return { fps: frames / elapsed, bytesPerSecond: bytes / elapsed };
}

const { streamPath } = await client.call('camera.open', { camera: 0 });
// Warm up both paths (first frames, connection set-up).
await Promise.all([
  measure(`http://127.0.0.1:${sims.ports.camera}/video=stream&camidx=0`, 1),
  measure(`${bridge.url}${streamPath}`, 1),
]);
const [direct, proxied] = await Promise.all([
  measure(`http://127.0.0.1:${sims.ports.camera}/video=stream&camidx=0`, SECONDS),
  measure(`${bridge.url}${(await client.call('camera.streamUrl', { camera: 0 })).streamPath}`, SECONDS),
]);
const mb = (n: number) => `${(n / 2 ** 20).toFixed(2)} MiB/s`;
console.log(`machine: ${machine()}`);
console.log(`1920x1080 at ${FPS} fps offered, ${SECONDS} s, read side by side`);
console.log(`direct: ${direct.fps.toFixed(2)} fps, ${mb(direct.bytesPerSecond)}`);
console.log(`proxy:  ${proxied.fps.toFixed(2)} fps, ${mb(proxied.bytesPerSecond)}`);
const ratio = proxied.fps / direct.fps;
console.log(
  `proxy/direct: ${(ratio * 100).toFixed(1)} % of frames, ${((proxied.bytesPerSecond / direct.bytesPerSecond) * 100).toFixed(1)} % of bytes; target >= 95 %: ${ratio >= 0.95 ? 'met' : 'NOT met'}`,
);
console.log(`upstream requests opened by the proxy: ${bridge.app.bridge.hubs[0].upstreamRequests}`);
await env.close();
