import {
  type EndpointDef,
  endpoints,
  type PROJECT_STATES,
  projectStatusCode,
  workflowById,
} from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const LAB = '/laboratory/before-analysis';
const REPORTS = '/laboratory/after-analysis';

/**
 * What each to-do page asks its list endpoint when a tile opens it as `<route>?status=<state>`: the
 * same endpoint and filter as the page (its `url` fields, tab or fixed filter). A to-do kind whose
 * route is missing here fails the test: every tile must count what its page shows.
 */
const PAGES: Record<string, { endpoint: EndpointDef; body(state: string): Record<string, unknown> }> = {
  '/project/user-apply-audit': {
    endpoint: endpoints.accountApplication.auditPaging,
    body: (state) => ({ status: [state], tab: 'pending' }),
  },
  [`${LAB}/subject-review`]: { endpoint: endpoints.subject.paging, body: (status) => ({ status }) },
  [`${LAB}/input-subject`]: { endpoint: endpoints.subject.paging, body: (status) => ({ status }) },
  [`${LAB}/test-project-review`]: { endpoint: endpoints.testOrder.paging, body: (status) => ({ status }) },
  [`${LAB}/input-test-project`]: { endpoint: endpoints.testOrder.paging, body: (status) => ({ status }) },
  [`${LAB}/specimen-sign`]: { endpoint: endpoints.specimenSign.shipments, body: () => ({ pending: true }) },
  [`${LAB}/feedback`]: { endpoint: endpoints.labFeedback.labPaging, body: (state) => ({ status: [state] }) },
  '/project/feedback': {
    endpoint: endpoints.labFeedback.projectPaging,
    body: (state) => ({ status: [state] }),
  },
  [`${REPORTS}/report-list`]: { endpoint: endpoints.report.paging, body: (state) => ({ status: [state] }) },
  [`${REPORTS}/report-modify-review`]: {
    endpoint: endpoints.report.paging,
    body: (state) => ({ status: [state] }),
  },
  '/web/question': { endpoint: endpoints.clarification.paging, body: (state) => ({ status: [state] }) },
  '/project/question': { endpoint: endpoints.labQuery.paging, body: (state) => ({ status: [state] }) },
  '/web/consumables-audit': { endpoint: endpoints.consumable.auditPaging, body: () => ({ tab: 'pending' }) },
  '/supply/consum-material-apply': {
    endpoint: endpoints.consumable.staffPaging,
    body: (state) => ({ status: [state] }),
  },
  '/web/consum-material-apply': {
    endpoint: endpoints.consumable.paging,
    body: (state) => ({ status: [state] }),
  },
  '/specimen/manage/out-warehouse-bill': {
    endpoint: endpoints.libraryBills.outboundList,
    body: (status) => ({ status }),
  },
  '/specimen/manage/out-warehouse-bill-review': {
    endpoint: endpoints.libraryBills.outboundList,
    body: (status) => ({ status }),
  },
  '/specimen/manage/out-warehouse-bill-confirm': {
    endpoint: endpoints.libraryBills.outboundList,
    body: (status) => ({ status }),
  },
  '/specimen/manage/destroy-bill': {
    endpoint: endpoints.libraryBills.destroyList,
    body: (status) => ({ status }),
  },
  '/specimen/manage/destroy-bill-review': {
    endpoint: endpoints.libraryBills.destroyList,
    body: (status) => ({ status }),
  },
  '/specimen/manage/destroy-bill-confirm': {
    endpoint: endpoints.libraryBills.destroyList,
    body: (status) => ({ status }),
  },
  '/marketing/quotation': { endpoint: endpoints.quotation.paging, body: (status) => ({ status }) },
  '/marketing/quotation-review': { endpoint: endpoints.quotation.paging, body: (status) => ({ status }) },
  '/marketing/contract': { endpoint: endpoints.contract.paging, body: (status) => ({ status }) },
  '/financial/review-final-statement': {
    endpoint: endpoints.statement.paging,
    body: (status) => ({ status }),
  },
  '/financial/confirm-final-statement': {
    endpoint: endpoints.statement.paging,
    body: (status) => ({ status }),
  },
  '/financial/review-adjustment': { endpoint: endpoints.adjustment.paging, body: (status) => ({ status }) },
  '/specimen/manage/specimen-move': {
    endpoint: endpoints.libraryMoves.paging,
    body: (status) => ({ status }),
  },
  '/specimen/container-manage/device-manage': {
    endpoint: endpoints.libraryMaintenance.taskList,
    body: (status) => ({ status }),
  },
  '/web/receipt-check': { endpoint: endpoints.consumable.kitSupplyPaging, body: (tab) => ({ tab }) },
  '/supply/consum-cost-manage': {
    endpoint: endpoints.supply.stocktakePage,
    body: (status) => ({ status: [status] }),
  },
  '/express/mail': { endpoint: endpoints.staffShipment.paging, body: (state) => ({ status: [state] }) },
  '/express/sign': { endpoint: endpoints.receipt.paging, body: (status) => ({ status }) },
  '/web/report-search': {
    endpoint: endpoints.portalReport.chargebacks,
    body: (state) => ({ status: [state] }),
  },
  '/project/file': {
    endpoint: endpoints.project.page,
    body: (state) => ({ status: projectStatusCode(state as (typeof PROJECT_STATES)[number]) }),
  },
  '/project/progress/project-plan': { endpoint: endpoints.progress.paging, body: (status) => ({ status }) },
  '/project/progress/plan-approve': { endpoint: endpoints.progress.paging, body: (status) => ({ status }) },
  '/project/progress/task-doing': { endpoint: endpoints.progress.myTasks, body: (status) => ({ status }) },
  '/project/plan': { endpoint: endpoints.plan.paging, body: (status) => ({ status }) },
  '/project/plan-review': { endpoint: endpoints.plan.paging, body: (status) => ({ status }) },
  '/project/report-review': { endpoint: endpoints.projectReports.paging, body: (status) => ({ status }) },
};

/**
 * The counted to-dos (modules/todo/counted.ts) by their link: what the page asks when opened on
 * `<route>?<query>`, and the rows it shows (a paged list's total or an unpaged list's length).
 */
const COUNTED_PAGES: Record<
  string,
  { endpoint: EndpointDef; body: Record<string, unknown>; paged: boolean }
> = {
  '/supply/supplier?expiringDays=30': {
    endpoint: endpoints.supplier.page,
    body: { expiringDays: 30 },
    paged: true,
  },
  '/supply/consum-cost-manage?status=reorder&below=1': {
    endpoint: endpoints.supply.reorder,
    body: { belowOnly: true },
    paged: false,
  },
  '/financial/receivables?tab=burn&alert=near&alert=over': {
    endpoint: endpoints.receivables.burnDown,
    body: { alert: ['near', 'over'] },
    paged: true,
  },
};

/**
 * The demo accounts whose to-do lists the demo fills (docs/operations.md, "Demo accounts"), sales
 * (the burn-down tile of their customers' contracts) and finance (every customer's statements and
 * adjustments, as its queues list them) included.
 */
const ACCOUNTS = [
  '13800000000',
  '13800000001',
  '13800000002',
  '13800000003',
  '13800000004',
  '13800000005',
  '13800000006',
  '13900000001',
];

interface Kind {
  workflow: string;
  state: string;
  actions: string[];
  route: string;
  query?: string;
  count: number;
}

/**
 * Whether the kind's actions are limited by who raised the record: a review is nobody's own to-do,
 * a resubmission only the applicant's. Those tiles count the records the user may act on; their
 * pages list everyone's in that state (with the user's own, which the row buttons refuse).
 */
function actorLimited(kind: Kind): boolean {
  const workflow = workflowById(kind.workflow);
  if (!workflow) throw new Error(`no workflow ${kind.workflow}`);
  return kind.actions.some((action) => workflow.transitions[action]?.actor !== 'any');
}

/**
 * Tiles whose page lists other records than the tile counts, said here so the list can only shrink:
 * a progress task awaiting approval is approved inside its plan, and the plan list shows plans.
 */
const COUNTED_ELSEWHERE = new Set(['progressTask.approval']);

describe.each(FEATURE_ENGINES)('home to-do counts on %s', (engine) => {
  let env: TestEnv;
  const sessions = new Map<string, Session>();
  const as = async (session: Session, endpoint: EndpointDef, body?: unknown) =>
    envelope(
      await call(env.app, endpoint, { session, ...(body === undefined ? {} : { body }) }, env.clock.now),
    );

  beforeAll(async () => {
    env = await startEnv(engine);
    for (const account of ACCOUNTS) sessions.set(account, await login(env, account));
  });
  afterAll(() => env.close());

  it.each(ACCOUNTS)('each tile of %s counts what the page it opens shows', async (account) => {
    const session = sessions.get(account) as Session;
    const kinds = (await as(session, endpoints.todo.counts)).data as Kind[];
    expect(kinds.length).toBeGreaterThan(0);
    const differences: string[] = [];
    for (const kind of kinds) {
      if (kind.query !== undefined) {
        const link = `${kind.route}?${kind.query}`;
        const counted = COUNTED_PAGES[link];
        if (!counted) {
          differences.push(`${kind.workflow}.${kind.state}: no list declared for ${link}`);
          continue;
        }
        const body = counted.paged ? { page: 1, size: 10, ...counted.body } : counted.body;
        const listed = await as(session, counted.endpoint, body);
        const shown = counted.paged
          ? (listed.total ?? -1)
          : ((listed.data as unknown[] | undefined)?.length ?? -1);
        if (listed.code !== 200 || kind.count !== shown)
          differences.push(`${kind.workflow}.${kind.state} → ${link}: tile ${kind.count}, page ${shown}`);
        continue;
      }
      const page = PAGES[kind.route];
      if (!page) {
        differences.push(`${kind.workflow}.${kind.state}: no list declared for ${kind.route}`);
        continue;
      }
      const name = `${kind.workflow}.${kind.state}`;
      if (COUNTED_ELSEWHERE.has(name)) continue;
      const listed = await as(session, page.endpoint, { page: 1, size: 10, ...page.body(kind.state) });
      const shown = listed.total ?? -1;
      const agrees = actorLimited(kind) ? kind.count <= shown : kind.count === shown;
      if (listed.code !== 200 || !agrees)
        differences.push(`${name} → ${kind.route}: tile ${kind.count}, page ${listed.total ?? listed.msg}`);
    }
    expect(differences).toEqual([]);
  });
});
