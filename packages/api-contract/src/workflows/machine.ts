// A workflow is an explicit state machine declared once: the server enforces it on every path and
// the console derives its buttons from it (docs/api.md, "Workflows").

export interface TransitionDef<S extends string> {
  /** States the action may be fired from. */
  from: readonly S[];
  to: S;
  /** Permission string the caller must hold (same strings as the endpoint declarations). */
  permission: string;
  /**
   * Who, besides holding the permission, may fire it:
   * - 'applicant': only the user who created the record;
   * - 'not-applicant': anyone in scope except the creator (segregation of duties);
   * - 'any': anyone in scope with the permission.
   */
  actor: 'applicant' | 'not-applicant' | 'any';
  /** Reason: required, optional or none; max length. */
  reason?: { required: boolean; max: number };
  /** Needs an e-signature (re-entered password, meaning, time, hash of what was signed). */
  signature: boolean;
}

export interface WorkflowDef<S extends string, A extends string> {
  id: string;
  states: readonly S[];
  initial: S;
  /** States from which nothing can happen any more. */
  final: readonly S[];
  transitions: Readonly<Record<A, TransitionDef<S>>>;
}

/** Every workflow declared, in declaration order (filled as the workflow modules load). */
const declared: WorkflowDef<string, string>[] = [];

export function defineWorkflow<S extends string, A extends string>(
  def: WorkflowDef<S, A>,
): WorkflowDef<S, A> {
  declared.push(def as unknown as WorkflowDef<string, string>);
  return def;
}

/**
 * All workflows of the contract (the package index loads every workflow module): the server derives
 * the button permissions and the to-do list from them, so a new workflow needs no list of its own.
 */
export function allWorkflows(): readonly WorkflowDef<string, string>[] {
  return declared;
}

export interface ActorContext {
  /** The caller holds this permission (or the wildcard). */
  can(permission: string): boolean;
  /** The caller created the record. */
  isApplicant: boolean;
}

/** Whether `action` may be fired from `state` by this caller. */
export function canFire<S extends string, A extends string>(
  workflow: WorkflowDef<S, A>,
  state: S,
  action: A,
  actor: ActorContext,
): boolean {
  const transition = workflow.transitions[action];
  if (!transition.from.includes(state)) return false;
  if (!actor.can(transition.permission)) return false;
  if (transition.actor === 'applicant') return actor.isApplicant;
  if (transition.actor === 'not-applicant') return !actor.isApplicant;
  return true;
}

/** The actions this caller may fire from `state`, in declaration order (the console's buttons). */
export function availableActions<S extends string, A extends string>(
  workflow: WorkflowDef<S, A>,
  state: S,
  actor: ActorContext,
): A[] {
  return (Object.keys(workflow.transitions) as A[]).filter((action) =>
    canFire(workflow, state, action, actor),
  );
}
