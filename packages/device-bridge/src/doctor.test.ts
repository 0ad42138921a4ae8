import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { runDoctor } from './doctor.js';

describe('doctor', () => {
  const config = parseConfig({
    vendors: {
      camera: { url: 'http://127.0.0.1:9' },
      za: { enabled: false },
      zk: { url: 'http://127.0.0.1:9' },
    },
  });

  it('reports unreachable vendors, exposure on other addresses and HID devices without crashing', async () => {
    const lines = await runDoctor({
      config,
      configPath: '/etc/trialab-bridge/config.json',
      addresses: () => ['192.168.1.20'],
      reachable: async (host, port) => host === '192.168.1.20' && port === 9,
      listHid: async () => [
        { vendorId: 0x2109, productId: 0x7638, manufacturer: 'ZKTeco', product: 'Live20R' },
      ],
    });
    const text = lines.map((l) => `${l.level} ${l.text}`);
    expect(text).toContain('fail not paired: run `trialab-bridge pair --server <console URL>`');
    expect(
      text.some((t) => t.startsWith('fail camera: http://127.0.0.1:9 unreachable (VENDOR_UNREACHABLE')),
    ).toBe(true);
    expect(text).toContain('info za: disabled');
    expect(text).toContain(
      'warn port 9 answers on 192.168.1.20: other machines can reach this device service; block it in the firewall',
    );
    expect(text).toContain('info   2109:7638 ZKTeco Live20R');
  });

  it('reports HID enumeration failures as a warning', async () => {
    const lines = await runDoctor({
      config,
      configPath: 'x',
      addresses: () => [],
      listHid: async () => {
        throw new Error('no libusb');
      },
    });
    expect(lines.at(-1)).toEqual({ level: 'warn', text: 'HID devices could not be listed: no libusb' });
  });
});
