import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientFor, configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

let sims: RunningSimulators;
let bridge: TestBridge;
beforeAll(async () => {
  sims = await simsForTests();
  bridge = await startBridge(configFor(sims, { logs: { level: 'trace' } }));
});
afterAll(async () => {
  await sims.close();
});

it('never logs ID numbers, names, photos, templates or tickets, even at trace level and on errors', async () => {
  const ticket = bridge.issuer.ticket({ name: '日志测试用户' });
  const { client, connected } = clientFor(bridge, { getTicket: async () => ticket });
  await connected();
  const secrets: string[] = [ticket, ticket.split('.')[0] ?? '', '日志测试用户'];

  const reading = client.call('idcard.read', {});
  sims.control.presentCard('C', { name: '仿真日志甲', cardID: '990101199001011234' });
  const card = await reading;
  secrets.push(
    card.name,
    card.cardID,
    (card.photoBase64 ?? '').slice(0, 40),
    (card.address ?? 'unused-address').slice(0, 8),
  );

  await client.call('camera.open', { camera: 1 });
  const shot = await client.call('camera.capture', { camera: 1 });
  const image = shot.images[0]?.base64 ?? '';
  secrets.push(image.slice(100, 160));
  await client.call('face.verify', { image0: image, image1: image });

  sims.control.pressFinger('zk', [{ kind: 'finger', finger: 'right-index' }]);
  const fp = await client.call('fingerprint.capture', { vendor: 'zk', mode: 'verify' });
  secrets.push(fp.template, (fp.image ?? '').slice(50, 110));
  // A failing call with personal data in its params.
  await client
    .call('fingerprint.verifyTemplate', { reg: 'UEVSU09OQUxEQVRB', ver: fp.template })
    .catch(() => undefined);
  secrets.push('UEVSU09OQUxEQVRB');
  // A malformed frame echoing data.
  client.close();
  await bridge.close();

  const logs = bridge.logs.text;
  expect(logs).toContain('"method":"idcard.read"');
  expect(logs).toContain('"method":"fingerprint.capture"');
  for (const secret of secrets.filter((s) => s.length >= 6)) {
    expect(logs.includes(secret), `log output contains ${secret.slice(0, 12)}…`).toBe(false);
  }
});
