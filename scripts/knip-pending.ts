/**
 * knip preprocessor (see knip.ts): drops the findings listed in `preprocessorOptions.pending`
 * (repository-relative file => export names) and reports each listed pair that knip no longer finds
 * as a configuration hint, which fails the run (`treatConfigHintsAsErrors`), so the list only shrinks.
 */
import { relative } from 'node:path';
import type { IssueType, Preprocessor } from 'knip';

/** The issue groups a pending name may sit in: an unused export or an unused exported type. */
const GROUPS: IssueType[] = ['exports', 'types'];

const preprocess: Preprocessor = (data) => {
  const pending: Record<string, string[]> = data.preprocessorOptions
    ? (JSON.parse(data.preprocessorOptions).pending ?? {})
    : {};
  const wanted = new Set(
    Object.entries(pending).flatMap(([file, names]) => names.map((n) => `${file}:${n}`)),
  );
  const seen = new Set<string>();

  for (const group of GROUPS) {
    for (const [filePath, byName] of Object.entries(data.issues[group])) {
      const file = relative(data.cwd, filePath);
      for (const name of Object.keys(byName)) {
        const key = `${file}:${name}`;
        if (!wanted.has(key)) continue;
        seen.add(key);
        delete byName[name];
        data.counters[group] -= 1;
        data.counters.total -= 1;
      }
      if (Object.keys(byName).length === 0) delete data.issues[group][filePath];
    }
  }

  // A partial run (some workspaces or issue types) cannot tell a fixed finding from an unchecked one.
  const complete = !data.selectedWorkspaces && GROUPS.every((group) => data.report[group]);
  if (complete) {
    for (const key of wanted) {
      if (seen.has(key)) continue;
      data.configurationHints.push({ type: 'ignore', identifier: key, filePath: data.configFilePath });
    }
  }
  return data;
};

export default preprocess;
