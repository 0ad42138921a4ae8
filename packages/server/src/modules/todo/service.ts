import { type TodoKind, type TodoSource, todoKinds } from '../../lib/workflow.js';
import { hasPermission, type Principal } from '../../services/identity/permissions.js';
import type { CountedTodo } from './counted.js';
import type { SourceKinds } from './repository.js';

/**
 * The kinds of pending item the caller has, per source: derived from the workflow declarations and
 * the caller's permissions, optionally only those of one workflow and state.
 */
export function kindsOf(
  sources: readonly TodoSource[],
  principal: Principal,
  only: { workflow?: string | undefined; state?: string | undefined } = {},
): SourceKinds[] {
  const can = (permission: string) => hasPermission(principal, permission);
  const wanted = (kind: TodoKind) =>
    (only.workflow === undefined || kind.workflow === only.workflow) &&
    (only.state === undefined || kind.state === only.state);
  return sources.map((source) => ({ source, kinds: todoKinds(source, can).filter(wanted) }));
}

/** The counted to-dos (counted.ts) the caller's permissions see, as kinds without their count. */
export function countedKindsOf(todos: readonly CountedTodo[], principal: Principal) {
  return todos
    .filter((todo) => hasPermission(principal, todo.permission))
    .map((todo) => ({
      todo,
      kind: {
        workflow: todo.id,
        state: todo.state,
        actions: [...todo.actions],
        route: todo.route,
        query: todo.query,
      },
    }));
}
