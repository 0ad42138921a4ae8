import type { KnipConfig } from 'knip';

/**
 * Dead-code check (`pnpm run knip`, a step of `npm test`): unused files, exports, exported types,
 * dependencies and catalog entries across the workspace.
 *
 * Entry points come mostly from knip's plugins: each package's `exports` and `bin` (mapped from
 * dist/ back to src/ through the `outDir` in the package's tsconfig.json, so an import of
 * `@trialab/x` counts against x's sources, as the `@trialab/source` condition resolves it), the
 * console's index.html and vite.config.ts, every vitest config with its test files and setup
 * (e2e included, through the root vitest.config.ts), drizzle.config.ts and package scripts.
 * Listed here is only what no plugin can see.
 *
 * An export used only inside its own file is not reported: it is a needless `export`, not dead code.
 * A package's entry (src/index.ts, `export *` of most of its files) counts as its public API, except
 * in the two libraries that exist only for the other packages (api-contract, device-protocol):
 * there an export no package uses is reported wherever it is declared.
 */
const config: KnipConfig = {
  ignoreExportsUsedInFile: true,
  // A stale entry below (or an entry pattern that matches nothing) fails the check as well.
  treatConfigHintsAsErrors: true,
  workspaces: {
    '.': {
      // Run as `node scripts/run.mjs scripts/<name>.ts` and `node --import tsx bench/<name>.ts`.
      entry: ['scripts/*.ts', 'bench/*.ts'],
      // scripts/lib/ports.ts asks iproute2's `ss` who holds a port: a system tool, not a package.
      ignoreBinaries: ['ss'],
    },
    'packages/api-contract': { includeEntryExports: true },
    'packages/device-protocol': {
      includeEntryExports: true,
      // Compile-time checks only: tsc reads them (tsconfig.json, tsconfig.node.json), nothing imports
      // them, and what they export is there to be type-checked.
      entry: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      ignoreIssues: { '**/*.test-d.ts': ['exports'] },
    },
    'packages/device-bridge': {
      // test/cli.test.ts starts the CLI with `node --import tsx` from this package.
      ignoreDependencies: ['tsx'],
      // src/printers.ts hands USB label jobs to the workstation's print queue (CUPS `lp`): a system tool.
      ignoreBinaries: ['lp'],
    },
    'packages/sim-devices': {
      // test/cli.test.ts starts the CLI with `node --import tsx` from this package.
      ignoreDependencies: ['tsx'],
    },
  },
  // Findings left in place because their code is being refactored right now (issue 14): each is to
  // be used or removed by that refactor, and then taken off this list. Only these exact
  // file/name pairs are ignored; one that is no longer reported fails the check until it is removed.
  preprocessor: './scripts/knip-pending.ts',
  preprocessorOptions: {
    pending: {
      // Console data layer (typed client over the contract, ListPage/usePaged on a query cache).
      'packages/console/src/config.ts': [
        'DEFAULT_PAGE_SIZE',
        'PERMISSION_FETCH_SIZE',
        'DICT_PAGE_SIZE',
        'CHUNK_LOAD_TIMEOUT_MS',
      ],
      'packages/console/src/stores/dict.ts': ['DICT'],
      'packages/console/src/stores/permission.ts': ['currentSubject'],
      'packages/console/src/services/request/clock.ts': ['Clock'],
      // Contract declarations.
      'packages/api-contract/src/schemas.ts': ['pageBody'],
      // Server handler kit (handler context, module shape).
      'packages/server/src/lib/errors.ts': ['forbidden'],
      'packages/server/src/services/files/uploads.ts': ['ALLOWED_EXTENSIONS'],
    },
  },
};

export default config;
