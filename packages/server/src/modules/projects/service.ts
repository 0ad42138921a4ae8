import { outOfScope } from '../../lib/scope.js';

/** Project rules that need no database. */

/** What the project checks need of a scope: everything, or these projects. */
export interface ProjectsSeen {
  all: boolean;
  projectIds: ReadonlySet<number>;
}

/** A project outside the caller's projects is refused as out of scope. */
export function assertProjectInScope(scope: ProjectsSeen, projectId: number): void {
  if (!scope.all && !scope.projectIds.has(projectId)) throw outOfScope();
}
