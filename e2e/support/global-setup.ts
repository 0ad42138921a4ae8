import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { sessionStateDir } from './console/session.ts';
import { type StackInfo, startStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** Starts one stack for the whole e2e run and hands its addresses to the tests. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
    // The logged-in states the files kept for each other (support/console/session.ts).
    rmSync(sessionStateDir(stack.info.consoleUrl), { recursive: true, force: true });
  };
}
