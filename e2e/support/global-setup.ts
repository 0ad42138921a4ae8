import type { TestProject } from 'vitest/node';
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
  return () => stack.stop();
}
