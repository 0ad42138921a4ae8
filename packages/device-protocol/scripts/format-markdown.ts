import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const DOC_PATH = fileURLToPath(new URL('../../../docs/device-protocol.md', import.meta.url));

/** Formats markdown exactly as `biome check` expects it (the repository lint covers docs/ too). */
export function formatMarkdown(text: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  return execFileSync(process.execPath, [biome, 'format', '--stdin-file-path=docs/device-protocol.md'], {
    cwd: repoRoot,
    input: text,
    encoding: 'utf8',
  });
}
