// docs/api.md's "Endpoint reference" table, written from the declarations so that it cannot fall
// behind them: `pnpm run docs:api` runs this file and rewrites it, and test/api-reference.test.ts
// fails when it is not current.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_ENDPOINTS, type EndpointDef, fullPath } from '@trialab/api-contract';

export const API_DOC = join(import.meta.dirname, '..', '..', '..', 'docs', 'api.md');
const HEADER = ['Method', 'Path', 'Access', 'Signed', 'Audited', 'Purpose'];

function access(endpoint: EndpointDef): string {
  if (endpoint.access === 'public') return 'public';
  if (endpoint.access === 'authenticated') return 'session';
  return `\`${endpoint.access.permission}\``;
}

/** The table, one row per endpoint in declaration order, columns padded as a formatter would. */
export function endpointTable(): string {
  const rows = ALL_ENDPOINTS.map((e) => [
    e.method,
    `\`${fullPath(e)}\``,
    access(e),
    e.signed ? 'yes' : 'no',
    e.mutates ? 'yes' : '',
    e.summary.replaceAll('|', '\\|'),
  ]);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(HEADER), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** docs/api.md with the table of its "Endpoint reference" section replaced (other tables stay). */
export function withCurrentTable(doc: string): string {
  const section = doc.indexOf('## Endpoint reference');
  const start = section === -1 ? -1 : doc.indexOf('| Method', section);
  if (start === -1) throw new Error('docs/api.md has no endpoint table');
  const rest = doc.slice(start);
  const end = rest.search(/\n(?!\|)/);
  const after = end === -1 ? '\n' : rest.slice(end);
  return `${doc.slice(0, start)}${endpointTable()}${after.startsWith('\n') ? after : `\n${after}`}`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(API_DOC, withCurrentTable(readFileSync(API_DOC, 'utf8')));
  console.log(`docs/api.md: ${ALL_ENDPOINTS.length} endpoints`);
}
