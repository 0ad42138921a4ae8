import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DOC_PATH, formatMarkdown } from '../../scripts/format-markdown.js';
import { renderProtocolDoc } from '../../scripts/protocol-doc.js';
import { CLOSE_CODES } from '../../src/close-codes.js';
import { ERROR_CODES } from '../../src/errors.js';
import { EVENT_NAMES } from '../../src/events.js';
import { METHOD_NAMES } from '../../src/methods.js';

it('docs/device-protocol.md is current (regenerate: pnpm --filter @trialab/device-protocol run docs)', () => {
  expect(readFileSync(DOC_PATH, 'utf8')).toBe(formatMarkdown(renderProtocolDoc()));
});

it('documents every method, event, error and close code with an example', () => {
  const doc = renderProtocolDoc();
  for (const m of METHOD_NAMES) {
    expect(doc).toContain(`### ${m}\n`);
    expect(doc).toContain(`"method": "${m}"`);
  }
  for (const e of EVENT_NAMES) {
    expect(doc).toContain(`### ${e}\n`);
    expect(doc).toContain(`"event": "${e}"`);
  }
  for (const c of ERROR_CODES) expect(doc).toContain(`{"code":"${c}"`);
  for (const c of CLOSE_CODES) expect(doc).toContain(`{"code":${c},`);
});
