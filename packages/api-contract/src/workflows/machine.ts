// A workflow is an explicit state machine declared once: the server enforces it on every path and
// the console derives its buttons from it (docs/api.md, "Workflows").
import { type FormLang, wordIn } from '../form-fields.js';

/** What a state is called, in each of the console's languages. */
export type StateWords = Readonly<Record<FormLang, string>>;

export interface TransitionDef<S extends string> {
  /** States the action may be fired from. */
  from: readonly S[];
  to: S;
  /** Permission string the caller must hold (same strings as the endpoint declarations). */
  permission: string;
  /**
   * Who, besides holding the permission, may fire it:
   * - 'applicant': only the user who created the record;
   * - 'not-applicant': anyone in scope except the record's authors: whoever created it, last edited
   *   the version or submitted it (segregation of duties, `ActorContext.isAuthor`);
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
  /**
   * What each state is called in this workflow (the same state name reads differently elsewhere:
   * an approved consumable application is awaiting dispatch, an approved plan is approved). The
   * console's tags, filters and to-do list and the server's messages and documents all say these.
   */
  words: Readonly<Record<S, StateWords>>;
  transitions: Readonly<Record<A, TransitionDef<S>>>;
  /**
   * The audit trail's name of this workflow's actions, `<audit>.<action>` (`transitionAudit`);
   * default the id. Set where the trail already used another name (lab reports: `report.review`).
   */
  audit?: string;
}

/** The audit action a transition is recorded under: `<workflow.audit ?? workflow.id>.<action>`. */
export function transitionAudit<A extends string>(workflow: WorkflowDef<string, A>, action: A): string {
  return `${workflow.audit ?? workflow.id}.${action}`;
}

/**
 * The access of an endpoint that fires a workflow's transitions (one, or several that the body or
 * the record chooses between): the transitions' own permission, and which they are (`fires`), so a
 * route never restates who may fire them. The actions must share one permission.
 */
export function firing<A extends string>(
  workflow: WorkflowDef<string, A>,
  ...actions: [A, ...A[]]
): { access: { permission: string }; fires: { workflow: string; actions: readonly A[] } } {
  const permission = workflow.transitions[actions[0]].permission;
  for (const action of actions) {
    if (workflow.transitions[action].permission !== permission)
      throw new Error(
        `${workflow.id}: ${actions.join(', ')} need different permissions, one endpoint cannot fire them`,
      );
  }
  return { access: { permission }, fires: { workflow: workflow.id, actions } };
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

/**
 * The words of `state` in `workflow`, in `lang` (the console's `zh-CN` or the server's `zh_CN`;
 * Chinese when the language is unknown). A state the workflow does not declare reads as itself.
 */
export function stateWord(
  workflow: Pick<WorkflowDef<string, string>, 'words'>,
  state: string,
  lang: string,
): string {
  return wordIn(workflow.words, state, lang) ?? state;
}

/** The workflow declared with this id (the to-do list and the transition records name it so). */
export function workflowById(id: string): WorkflowDef<string, string> | undefined {
  return declared.find((w) => w.id === id);
}

export interface ActorContext {
  /** The caller holds this permission (or the wildcard). */
  can(permission: string): boolean;
  /** The caller created the record. */
  isApplicant: boolean;
  /**
   * The caller wrote (created or last edited) or submitted the version the action is fired on;
   * such a caller never fires a 'not-applicant' action (approve, return, review) on it. Unset: the
   * record keeps no editor or submitter, and its creator is its only author.
   */
  isAuthor?: boolean;
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
  if (transition.actor === 'not-applicant') return !(actor.isAuthor ?? actor.isApplicant);
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
