import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ALLOWED_ORIGIN, loadConfig, parseConfig } from './config.js';

describe('configuration', () => {
  it('has loopback-only defaults with the SPEC figures', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 18088,
      allowedOrigins: [DEFAULT_ALLOWED_ORIGIN],
      vendors: {
        camera: { url: 'http://127.0.0.1:38088' },
        za: { url: 'http://127.0.0.1:8867' },
        zk: { url: 'https://127.0.0.1:22002', insecure: false },
      },
      timeouts: {
        cameraClient: 10_000,
        faceVerify: 20_000,
        idCard: 30_000,
        zkClient: 6_000,
        fingerprintImage: 3_000,
      },
      polling: { zaMs: 2111, zkMs: 333, refreshPauseMs: 17, cameraRestartMs: 180_000 },
    });
  });

  it.each([
    [{ host: '0.0.0.0' }, 'host'],
    [{ allowedOrigins: ['http://localhost:8080/'] }, 'allowedOrigins.0'],
    [{ allowedOrigins: ['localhost:8080'] }, 'allowedOrigins.0'],
    [{ allowedOrigins: [] }, 'allowedOrigins'],
    [{ vendors: { zk: { url: 'https://192.168.1.5:22002', insecure: true } } }, 'vendors.zk.insecure'],
    [{ vendors: { camera: { url: 'ftp://127.0.0.1' } } }, 'vendors.camera.url'],
    [{ ticket: { fetchKeyOnStart: true } }, 'ticket.fetchKeyOnStart'],
    [{ surprise: 1 }, '(root)'],
  ])('refuses %j with a message naming %s, in English and Chinese', (raw, path) => {
    try {
      parseConfig(raw, 'test');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(path);
      expect((error as ConfigError).messageZh).toContain('配置无效');
    }
  });

  it('allows insecure ZK only on loopback', () => {
    expect(
      parseConfig({ vendors: { zk: { url: 'https://localhost:22002', insecure: true } } }).vendors.zk
        .insecure,
    ).toBe(true);
  });

  it('layers file, environment and flags, later winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-config-'));
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({ port: 18100, allowedOrigins: ['https://lab.example.com'], logs: { level: 'warn' } }),
    );
    const { config, path } = loadConfig({
      file,
      env: {
        TRIALAB_BRIDGE_PORT: '18200',
        TRIALAB_BRIDGE_ZK_INSECURE: 'true',
        TRIALAB_BRIDGE_ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      },
      flags: { port: 18300, vendors: { camera: { url: 'http://127.0.0.1:1234/' } } },
    });
    expect(path).toBe(file);
    expect(config.port).toBe(18300);
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.vendors.zk.insecure).toBe(true);
    expect(config.vendors.camera.url).toBe('http://127.0.0.1:1234');
    expect(config.logs.level).toBe('warn');
  });

  it('reports an unreadable file clearly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-config-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, '{ not json');
    expect(() => loadConfig({ file, env: {} })).toThrow(/not valid JSON/);
    writeFileSync(file, '[]');
    expect(() => loadConfig({ file, env: {} })).toThrow(/JSON object/);
    expect(loadConfig({ file: join(dir, 'missing.json'), env: {} }).config.port).toBe(18088);
  });
});
