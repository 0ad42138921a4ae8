import {
  type ActorContext,
  canFire,
  type Lang,
  ResultCode,
  stateWord,
  type TransitionDef,
  transitionAudit,
  WILDCARD_PERMISSION,
  type WorkflowDef,
} from '@trialab/api-contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema.js';
import { portalEvents } from '../db/schema-portal.js';
import type { AuditEntry } from './audit.js';
import { ApiError } from './errors.js';
import type { Principal } from './route.js';
import type { SiteScope } from './scope.js';
import { dateStamp } from './time-zone.js';
import { staleOrMissing } from './versioned.js';

/** Action names for error messages (a state's words are its workflow's: `stateWord`). */
const ACTIONS: Record<string, Record<Lang, string>> = {
  edit: { zh_CN: '编辑', en_US: 'edit', zh_HK: '編輯' },
  withdraw: { zh_CN: '撤回', en_US: 'withdraw', zh_HK: '撤回' },
  cancel: { zh_CN: '取消', en_US: 'cancel', zh_HK: '取消' },
  approve: { zh_CN: '审核通过', en_US: 'pass', zh_HK: '審核通過' },
  reject: { zh_CN: '驳回', en_US: 'reject', zh_HK: '駁回' },
  return: { zh_CN: '退回', en_US: 'return', zh_HK: '退回' },
  review: { zh_CN: '审核', en_US: 'review', zh_HK: '審核' },
  release: { zh_CN: '发布', en_US: 'release', zh_HK: '發布' },
  approveRevision: { zh_CN: '批准修改', en_US: 'approve the revision of', zh_HK: '批准修改' },
  rejectRevision: { zh_CN: '驳回修改', en_US: 'reject the revision of', zh_HK: '駁回修改' },
  dispatch: { zh_CN: '发货', en_US: 'dispatch', zh_HK: '發貨' },
  receive: { zh_CN: '确认收货', en_US: 'confirm receipt', zh_HK: '確認收貨' },
  confirm: { zh_CN: '确认', en_US: 'confirm', zh_HK: '確認' },
  pickup: { zh_CN: '揽收', en_US: 'pick up', zh_HK: '攬收' },
  correct: { zh_CN: '更正', en_US: 'correct', zh_HK: '更正' },
  sign: { zh_CN: '签收', en_US: 'sign off', zh_HK: '簽收' },
  reply: { zh_CN: '答复', en_US: 'reply', zh_HK: '答覆' },
  autoResolve: { zh_CN: '自动解决', en_US: 'auto-resolve', zh_HK: '自動解決' },
  close: { zh_CN: '关闭', en_US: 'close', zh_HK: '關閉' },
  reopen: { zh_CN: '重新打开', en_US: 're-open', zh_HK: '重新打開' },
  respond: { zh_CN: '答复', en_US: 'respond', zh_HK: '答覆' },
  revise: { zh_CN: '修改报告', en_US: 'revise', zh_HK: '修改報告' },
};
/** An action's words in the user's language, for messages (the raw name if none). */
export const actionName = (lang: Lang, action: string) => ACTIONS[action]?.[lang] ?? action;

/**
 * The caller as the workflow sees them. `authorIds`: whoever created, last edited or submitted the
 * version (records that keep them: `authorIdsOf`); none of them may approve it.
 */
export function actorOf(
  principal: Principal,
  creatorId: number | null,
  authorIds?: readonly number[],
): ActorContext {
  const isApplicant = creatorId !== null && creatorId === principal.userId;
  return {
    can: (permission) =>
      principal.isSuper ||
      principal.permissions.has(WILDCARD_PERMISSION) ||
      principal.permissions.has(permission),
    isApplicant,
    ...(authorIds ? { isAuthor: isApplicant || authorIds.includes(principal.userId) } : {}),
  };
}

/**
 * Refuses an action the workflow does not allow: wrong state (INVALID_STATE), missing permission,
 * or the wrong person (only the applicant; never a review by whoever created, last edited or
 * submitted the version: segregation of duties, one rule for every workflow).
 */
export function assertTransition<S extends string, A extends string>(
  lang: Lang,
  workflow: WorkflowDef<S, A>,
  state: S,
  action: A,
  actor: ActorContext,
): S {
  const transition = workflow.transitions[action];
  if (!transition.from.includes(state)) {
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'invalidState',
      params: { state: stateWord(workflow, state, lang), action: actionName(lang, action) },
    });
  }
  if (!canFire(workflow, state, action, actor)) {
    if (!actor.can(transition.permission)) {
      throw new ApiError(ResultCode.FORBIDDEN, {
        key: 'forbidden',
        params: { operation: transition.permission },
      });
    }
    if (transition.actor === 'applicant') throw new ApiError(ResultCode.FORBIDDEN, { key: 'notApplicant' });
    // A record with versions names what the caller did to this one (wrote or submitted it).
    throw new ApiError(ResultCode.FORBIDDEN, {
      key: actor.isAuthor === undefined ? 'selfAudit' : 'authorMayNotApprove',
      params: { action: actionName(lang, action) },
    });
  }
  return transition.to;
}

export async function recordEvent(
  db: Executor,
  event: {
    workflow: string;
    recordId: number;
    action: string;
    fromState: string | null;
    toState: string;
    userId: number | null;
    at: Date;
    reason?: string | null;
  },
): Promise<void> {
  await db.insert(portalEvents).values({ ...event, reason: event.reason ?? null });
}

export async function eventsOf(db: Executor, workflow: string, recordId: number) {
  const rows = await db
    .select({
      id: portalEvents.id,
      action: portalEvents.action,
      fromState: portalEvents.fromState,
      toState: portalEvents.toState,
      userId: portalEvents.userId,
      username: users.username,
      at: portalEvents.at,
      reason: portalEvents.reason,
    })
    .from(portalEvents)
    .leftJoin(users, eq(users.id, portalEvents.userId))
    .where(and(eq(portalEvents.workflow, workflow), eq(portalEvents.recordId, recordId)))
    .orderBy(asc(portalEvents.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/**
 * Record numbers: prefix + the date in the user's zone (`zone`: the request's, lib/time-zone.ts) +
 * a database sequence (unique across instances).
 */
export async function nextNumber(db: Executor, prefix: string, now: Date, zone: string): Promise<string> {
  // Both drivers answer { rows } for a raw statement.
  const result = (await db.execute(sql`SELECT nextval('portal_number_seq')::int AS n`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  const n = Number(result.rows[0]?.n ?? 0);
  return `${prefix}${dateStamp(now, zone)}${String(n).padStart(5, '0')}`;
}

/** The authors of a version (`authorIds` of the contract's rows): each user once, unknowns left out. */
export const authorIdsOf = (...ids: ReadonlyArray<number | null | undefined>): number[] => [
  ...new Set(ids.filter((id): id is number => typeof id === 'number')),
];

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export interface TransitionCtx {
  db: Executor;
  lang: Lang;
  now: Date;
  audit(entry: AuditEntry): void;
}

/**
 * Fires one workflow action on a record already checked for scope: the workflow's state and actor
 * rules, the write (which must match the version read, else STALE_VERSION), the transition record
 * (who, when, why) and the audit entry, all in the request's transaction.
 */
export async function applyTransition<S extends string, A extends string>(
  ctx: TransitionCtx,
  principal: Principal,
  workflow: WorkflowDef<S, A>,
  record: {
    id: number;
    status: S;
    creatorId: number | null;
    /** Who created, last edited or submitted the version, for records that keep them (actorOf). */
    authorIds?: readonly number[];
  },
  input: { action: A; version: number; reason?: string | null | undefined; patch?: Record<string, unknown> },
  write: (next: { status: S; version: number }) => Promise<boolean>,
): Promise<S> {
  const to = assertTransition(
    ctx.lang,
    workflow,
    record.status,
    input.action,
    actorOf(principal, record.creatorId, record.authorIds),
  );
  const version = input.version + 1;
  if (!(await write({ status: to, version }))) throw staleOrMissing(true);
  const reason = input.reason ?? null;
  await recordEvent(ctx.db, {
    workflow: workflow.id,
    recordId: record.id,
    action: input.action,
    fromState: record.status,
    toState: to,
    userId: principal.userId,
    at: ctx.now,
    reason,
  });
  ctx.audit({
    action: transitionAudit(workflow, input.action),
    entity: workflow.id,
    entityId: record.id,
    oldValue: { status: record.status, version: input.version },
    newValue: { status: to, version, ...input.patch },
    reason,
  });
  return to;
}

// ---- the home to-do list, derived from the workflow declarations ----

/** Whom the actor rules of a kind's actions leave: anyone, only the record's creator, or anyone else. */
export type TodoActor = 'any' | 'creator' | 'others';

/** One kind of pending item: records in `state` on which the caller may fire `actions` at `route`. */
export interface TodoKind {
  workflow: string;
  state: string;
  actions: string[];
  route: string;
  actor: TodoActor;
}

type Expr = PgColumn | SQL;

/**
 * Where a workflow's records are kept, declared once per workflow that leaves records waiting for
 * someone (modules/todo/sources.ts). The to-do list is derived from these and the workflow itself.
 */
export interface TodoSource {
  workflow: WorkflowDef<string, string>;
  table: PgTable;
  columns: { id: Expr; number: Expr; state: Expr; createdAt: Expr; createdBy: Expr | null };
  /**
   * Limits rows to what the kind's page shows the caller (undefined: no limit): most pages list the
   * caller's projects and sites (`scope`); marketing and finance pages list the caller's customers,
   * which depend on the caller's permissions (`caller`).
   */
  scope(scope: SiteScope, caller: Principal): SQL | undefined;
  /** The console list page on which each action is fired; it is opened with `?status=<state>`. */
  pages: Readonly<Record<string, string>>;
  /** Actions that never make a record pending (optional moves: withdraw, cancel, disable…). */
  optional?: readonly string[];
}

/**
 * The kinds of pending item a caller has in one workflow: for every state that is not final, the
 * actions the caller's permissions allow from it, grouped by the page that fires them. An action
 * that leads back to the state it starts from (an edit) moves nothing along and is not a to-do.
 */
export function todoKinds(
  source: Pick<TodoSource, 'workflow' | 'pages' | 'optional'>,
  can: (permission: string) => boolean,
): TodoKind[] {
  const { workflow } = source;
  const kinds = new Map<string, TodoKind & { actors: Set<TransitionDef<string>['actor']> }>();
  for (const state of workflow.states) {
    if (workflow.final.includes(state)) continue;
    for (const [action, transition] of Object.entries(workflow.transitions)) {
      if (source.optional?.includes(action) || !transition.from.includes(state)) continue;
      const route = source.pages[action];
      if (transition.to === state || !route || !can(transition.permission)) continue;
      const key = `${state} ${route}`;
      const kind = kinds.get(key) ?? {
        workflow: workflow.id,
        state,
        actions: [],
        route,
        actor: 'any',
        actors: new Set(),
      };
      kind.actions.push(action);
      kind.actors.add(transition.actor);
      kinds.set(key, kind);
    }
  }
  return [...kinds.values()].map(({ actors, ...kind }) => ({
    ...kind,
    actor:
      actors.has('any') || (actors.has('applicant') && actors.has('not-applicant'))
        ? 'any'
        : actors.has('applicant')
          ? 'creator'
          : 'others',
  }));
}
