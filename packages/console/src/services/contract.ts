/**
 * The API contract (@trialab/api-contract) carries zod schemas (about 90 KB gzip) that the
 * console does not need to draw /login. Everything the console uses from it at run time goes
 * through this one lazy import: it arrives with the first call to the server. Types are imported
 * statically (`import type`), which costs nothing.
 */
export type Contract = typeof import('@trialab/api-contract');

let loading: Promise<Contract> | undefined;

export function contract(): Promise<Contract> {
  loading ??= import('@trialab/api-contract');
  return loading;
}
