import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { createLogger } from './logger.js';

it('writes JSON lines to a rotating file in service mode, with personal fields redacted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-logs-'));
  const logger = createLogger(parseConfig({ logs: { dir, level: 'info' } }));
  logger.info(
    { conn: 'c1', card: { cardID: '990101199001011234', name: '仿真' }, ticket: 'abc.def' },
    'hello',
  );
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  await expect.poll(() => readdirSync(dir).filter((f) => f.endsWith('.log')).length).toBe(1);
  const file = readdirSync(dir).find((f) => f.endsWith('.log')) ?? '';
  expect(file).toMatch(/^bridge\.\d{4}-\d{2}-\d{2}\.1\.log$/);
  await expect.poll(() => readFileSync(join(dir, file), 'utf8')).toContain('"msg":"hello"');
  const line = JSON.parse(readFileSync(join(dir, file), 'utf8').trim().split('\n')[0] ?? '{}');
  expect(line).toMatchObject({
    conn: 'c1',
    service: 'trialab-bridge',
    ticket: '[redacted]',
    card: { cardID: '[redacted]', name: '[redacted]' },
  });
});
