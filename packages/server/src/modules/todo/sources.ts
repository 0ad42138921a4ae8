import {
  accountApplicationWorkflow,
  adjustmentWorkflow,
  chargebackWorkflow,
  clarificationQueryWorkflow,
  consumableOrderWorkflow,
  contractWorkflow,
  destroyBillWorkflow,
  kitSupplyWorkflow,
  labFeedbackWorkflow,
  labReportWorkflow,
  MARKETING_PERMISSIONS,
  moveRequestWorkflow,
  outboundBillWorkflow,
  PROJECT_STATES,
  progressPlanWorkflow,
  progressTaskWorkflow,
  projectFileWorkflow,
  projectPlanWorkflow,
  projectReportWorkflow,
  quotationWorkflow,
  reportRevisionWorkflow,
  sampleShipmentWorkflow,
  specimenBarcodeWorkflow,
  statementWorkflow,
  stocktakeWorkflow,
  subjectRegistrationWorkflow,
  testOrderWorkflow,
  unitMaintenanceWorkflow,
} from '@trialab/api-contract';
import { type AnyColumn, and, inArray, type SQL, sql } from 'drizzle-orm';
import { projectPlans, projects } from '../../db/schema.js';
import { financeAdjustments, financeStatements } from '../../db/schema-finance-statements.js';
import { labReports, labSubjects, labTestOrders } from '../../db/schema-lab.js';
import { labFeedback } from '../../db/schema-lab-queries.js';
import { storageUnits } from '../../db/schema-library.js';
import { specimenBills } from '../../db/schema-library-bills.js';
import { unitMaintenanceTasks } from '../../db/schema-library-maintenance.js';
import { moveRequests } from '../../db/schema-library-moves.js';
import { marketingContracts, marketingCustomers, marketingQuotations } from '../../db/schema-marketing.js';
import {
  clarificationQueries,
  consumableKits,
  consumableOrders,
  kitSupplies,
  sampleTransports,
} from '../../db/schema-portal.js';
import { accountApplications } from '../../db/schema-portal-admin.js';
import { chargebackNotices } from '../../db/schema-portal-reports.js';
import { progressPlans, progressTasks } from '../../db/schema-progress.js';
import { projectReports } from '../../db/schema-project-reports.js';
import { supplyStocktakes } from '../../db/schema-supply.js';
import type { Principal } from '../../lib/principal.js';
import { type SiteScope, scopeWhere } from '../../lib/scope.js';
import type { TodoSource } from '../../lib/workflow.js';
import { projectScope } from '../finance/repository.js';
import { taskState } from '../library-containers/repository.js';
import { type CustomerVisibility, customerVisibility } from '../marketing/service.js';
import { projectWhere } from '../progress/repository.js';
import { awaitingBenchSign, receivedShipmentScope } from '../specimen/codes/repository.js';

const LAB = '/laboratory/before-analysis';
const REPORTS = '/laboratory/after-analysis';

/**
 * Marketing and finance records are listed by customer, not by project: whoever holds
 * `marketing:customer:all` sees every customer's, sales staff their own customers' (the pages'
 * `customerVisibility`). An external caller sees none.
 */
function ofCallersCustomers(caller: Principal, where: (vis: CustomerVisibility) => SQL | undefined) {
  if (caller.type === 2) return sql`FALSE`;
  return where(customerVisibility(caller, MARKETING_PERMISSIONS.customerAll));
}

/** Rows whose customer the caller sees (undefined: every customer). */
const customersOf = (vis: CustomerVisibility, column: AnyColumn): SQL | undefined =>
  vis.all
    ? undefined
    : inArray(
        column,
        sql`(SELECT ${marketingCustomers.id} FROM ${marketingCustomers} WHERE ${marketingCustomers.ownerId} = ${vis.userId})`,
      );

/** An account application is in scope when every project (or site) it asks for is. */
function grantsInScope(scope: SiteScope): SQL | undefined {
  if (scope.all) return undefined;
  const inside = scope.siteIds
    ? inArray(sql`(g->>'siteId')::int`, [...scope.siteIds])
    : inArray(sql`(g->>'projectId')::int`, [...scope.projectIds]);
  return sql`NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${accountApplications.grants}) g WHERE NOT (${inside}))`;
}

const kitProject = sql`(SELECT ${consumableKits.projectId} FROM ${consumableKits} WHERE ${consumableKits.id} = ${kitSupplies.kitId})`;

/** Reports and their revisions are rows of one table. */
const REPORT_RECORDS = {
  table: labReports,
  columns: {
    id: labReports.id,
    number: labReports.reportNo,
    state: labReports.status,
    createdAt: labReports.createdAt,
    createdBy: labReports.createdBy,
  },
  scope: (s: SiteScope) => scopeWhere(s, labReports.projectId, labReports.siteId),
};

/**
 * Where each workflow's records wait: one declaration per workflow that leaves work for someone.
 * The to-do list is derived from these and the workflow declarations (lib/workflow.ts todoKinds):
 * sample receipt lines, sample storage and shared documents never wait for anyone and have none.
 */
export const TODO_SOURCES: readonly TodoSource[] = [
  {
    workflow: accountApplicationWorkflow,
    table: accountApplications,
    columns: {
      id: accountApplications.id,
      number: accountApplications.applicationNo,
      state: accountApplications.status,
      createdAt: accountApplications.applyTime,
      createdBy: accountApplications.applicantId,
    },
    scope: grantsInScope,
    pages: { approve: '/project/user-apply-audit', reject: '/project/user-apply-audit' },
    optional: ['withdraw'],
  },
  {
    workflow: subjectRegistrationWorkflow,
    table: labSubjects,
    columns: {
      id: labSubjects.id,
      number: labSubjects.subjectNo,
      state: labSubjects.status,
      createdAt: labSubjects.createdAt,
      createdBy: labSubjects.createdBy,
    },
    scope: (s) => scopeWhere(s, labSubjects.projectId, labSubjects.siteId),
    pages: {
      approve: `${LAB}/subject-review`,
      reject: `${LAB}/subject-review`,
      resubmit: `${LAB}/input-subject`,
    },
  },
  {
    workflow: testOrderWorkflow,
    table: labTestOrders,
    columns: {
      id: labTestOrders.id,
      number: labTestOrders.barcode,
      state: labTestOrders.status,
      createdAt: labTestOrders.createdAt,
      createdBy: labTestOrders.createdBy,
    },
    scope: (s) => scopeWhere(s, labTestOrders.projectId, labTestOrders.siteId),
    pages: {
      approve: `${LAB}/test-project-review`,
      reject: `${LAB}/test-project-review`,
      resubmit: `${LAB}/input-test-project`,
    },
  },
  {
    // A pre-printed label waits for nobody until its sample arrives: the bench's work is the received
    // shipments with samples still to sign for, which /specimen-sign lists (its pending filter).
    workflow: specimenBarcodeWorkflow,
    table: sampleTransports,
    columns: {
      id: sampleTransports.id,
      number: sampleTransports.orderNo,
      state: sql`CASE WHEN ${awaitingBenchSign} THEN 'registered' END`,
      // Waiting since the receipt desk signed for the shipment, raised by whoever signed.
      createdAt: sampleTransports.signedAt,
      createdBy: sampleTransports.signerId,
    },
    scope: receivedShipmentScope,
    pages: { sign: `${LAB}/specimen-sign` },
    optional: ['disable'],
  },
  {
    workflow: labReportWorkflow,
    ...REPORT_RECORDS,
    pages: {
      edit: `${REPORTS}/report-list`,
      review: `${REPORTS}/report-list`,
      return: `${REPORTS}/report-list`,
      release: `${REPORTS}/report-list`,
    },
  },
  {
    workflow: reportRevisionWorkflow,
    ...REPORT_RECORDS,
    pages: {
      approveRevision: `${REPORTS}/report-modify-review`,
      rejectRevision: `${REPORTS}/report-modify-review`,
    },
  },
  {
    workflow: labFeedbackWorkflow,
    table: labFeedback,
    columns: {
      id: labFeedback.id,
      number: labFeedback.feedbackNo,
      state: labFeedback.status,
      createdAt: labFeedback.createdAt,
      createdBy: labFeedback.createdBy,
    },
    scope: (s) => scopeWhere(s, labFeedback.projectId, labFeedback.siteId),
    pages: { respond: '/project/feedback', close: `${LAB}/feedback` },
  },
  {
    workflow: clarificationQueryWorkflow,
    table: clarificationQueries,
    columns: {
      id: clarificationQueries.id,
      number: clarificationQueries.queryNo,
      state: clarificationQueries.status,
      createdAt: clarificationQueries.raisedAt,
      createdBy: clarificationQueries.raisedBy,
    },
    scope: (s) => scopeWhere(s, clarificationQueries.projectId, clarificationQueries.siteId),
    pages: { reply: '/web/question', close: '/project/question' },
    optional: ['autoResolve', 'reopen'],
  },
  {
    workflow: consumableOrderWorkflow,
    table: consumableOrders,
    columns: {
      id: consumableOrders.id,
      number: consumableOrders.orderNo,
      state: consumableOrders.status,
      createdAt: consumableOrders.createdAt,
      createdBy: consumableOrders.applicantId,
    },
    scope: (s) => scopeWhere(s, consumableOrders.projectId, consumableOrders.siteId),
    pages: {
      approve: '/web/consumables-audit',
      reject: '/web/consumables-audit',
      dispatch: '/supply/consum-material-apply',
      receive: '/web/consum-material-apply',
      edit: '/web/consum-material-apply',
    },
    optional: ['withdraw', 'cancel'],
  },
  {
    // A stocktake's variance waits for a second person (never the one who counted).
    workflow: stocktakeWorkflow,
    table: supplyStocktakes,
    columns: {
      id: supplyStocktakes.id,
      number: supplyStocktakes.stocktakeNo,
      state: supplyStocktakes.status,
      createdAt: supplyStocktakes.createdAt,
      createdBy: supplyStocktakes.createdBy,
    },
    // Stock is the lab's, not a project's: whoever may approve sees every count.
    scope: () => undefined,
    pages: { approve: '/supply/consum-cost-manage', reject: '/supply/consum-cost-manage' },
  },
  {
    workflow: kitSupplyWorkflow,
    table: kitSupplies,
    columns: {
      id: kitSupplies.id,
      number: sql`(SELECT ${consumableKits.name} FROM ${consumableKits} WHERE ${consumableKits.id} = ${kitSupplies.kitId})`,
      state: kitSupplies.status,
      // A supply row records no creation: its kit is there from the project's set-up.
      createdAt: sql`NULL::timestamptz`,
      createdBy: null,
    },
    scope: (s) =>
      s.all
        ? undefined
        : s.siteIds
          ? inArray(kitSupplies.siteId, [...s.siteIds])
          : inArray(kitProject, [...s.projectIds]),
    pages: { confirm: '/web/receipt-check' },
  },
  {
    workflow: sampleShipmentWorkflow,
    table: sampleTransports,
    columns: {
      id: sampleTransports.id,
      number: sampleTransports.orderNo,
      state: sampleTransports.status,
      createdAt: sampleTransports.createdAt,
      createdBy: sampleTransports.createdBy,
    },
    scope: (s) => scopeWhere(s, sampleTransports.projectId, sampleTransports.siteId),
    pages: { pickup: '/express/mail', sign: '/express/sign' },
    optional: ['cancel'],
  },
  {
    workflow: chargebackWorkflow,
    table: chargebackNotices,
    columns: {
      id: chargebackNotices.id,
      number: chargebackNotices.noticeNo,
      state: chargebackNotices.status,
      createdAt: chargebackNotices.raisedAt,
      createdBy: chargebackNotices.raisedBy,
    },
    scope: (s) => scopeWhere(s, chargebackNotices.projectId, chargebackNotices.siteId),
    pages: { acknowledge: '/web/report-search', dispute: '/web/report-search' },
    optional: ['withdraw'],
  },
  {
    workflow: projectFileWorkflow,
    table: projects,
    columns: {
      id: projects.id,
      number: projects.projectNo,
      // The column keeps the state's code (1 = prepare …): the state is its name in the declaration.
      state: sql`(ARRAY[${sql.raw(PROJECT_STATES.map((st) => `'${st}'`).join(','))}])[${projects.status}]`,
      createdAt: projects.createdAt,
      createdBy: projects.createdBy,
    },
    // A project as a whole: staff see their projects (external users have no project buttons).
    scope: (s) => scopeWhere({ ...s, siteIds: null }, projects.id, projects.id),
    pages: { start: '/project/file' },
    optional: ['pause', 'resume', 'close'],
  },
  {
    workflow: progressPlanWorkflow,
    table: progressPlans,
    columns: {
      id: progressPlans.id,
      number: progressPlans.name,
      state: progressPlans.status,
      createdAt: progressPlans.createdAt,
      createdBy: progressPlans.createdBy,
    },
    scope: (s) => projectWhere(s, progressPlans.projectId),
    pages: {
      submit: '/project/progress/project-plan',
      approve: '/project/progress/plan-approve',
      return: '/project/progress/plan-approve',
    },
  },
  {
    // A task's "creator" is its owner: the owner's tasks wait for the owner, approvals for others.
    workflow: progressTaskWorkflow,
    table: progressTasks,
    columns: {
      id: progressTasks.id,
      number: progressTasks.name,
      state: progressTasks.status,
      createdAt: progressTasks.createdAt,
      createdBy: progressTasks.ownerId,
    },
    // Tasks of plans not yet approved wait for nobody.
    scope: (s) =>
      and(
        projectWhere(s, progressTasks.projectId),
        sql`EXISTS (SELECT 1 FROM ${progressPlans} WHERE ${progressPlans.id} = ${progressTasks.planId} AND ${progressPlans.status} = 'approved')`,
      ),
    pages: {
      start: '/project/progress/task-doing',
      complete: '/project/progress/task-doing',
      submit: '/project/progress/task-doing',
      approve: '/project/progress/project-plan',
      return: '/project/progress/project-plan',
    },
  },
  {
    // Outbound and destruction bills share one table: a bill's state counts for its own workflow only.
    workflow: outboundBillWorkflow,
    table: specimenBills,
    columns: {
      id: specimenBills.id,
      number: specimenBills.billNo,
      state: sql`CASE WHEN ${specimenBills.kind} <> 'destroy' THEN ${specimenBills.status} END`,
      createdAt: specimenBills.createdAt,
      createdBy: specimenBills.createdBy,
    },
    scope: (s) => scopeWhere(s, specimenBills.projectId, specimenBills.projectId),
    pages: {
      submit: '/specimen/manage/out-warehouse-bill',
      approve: '/specimen/manage/out-warehouse-bill-review',
      acknowledge: '/specimen/manage/out-warehouse-bill-review',
      reject: '/specimen/manage/out-warehouse-bill-review',
      confirm: '/specimen/manage/out-warehouse-bill-confirm',
      close: '/specimen/manage/out-warehouse-bill-confirm',
    },
    optional: ['cancel'],
  },
  {
    workflow: destroyBillWorkflow,
    table: specimenBills,
    columns: {
      id: specimenBills.id,
      number: specimenBills.billNo,
      state: sql`CASE WHEN ${specimenBills.kind} = 'destroy' THEN ${specimenBills.status} END`,
      createdAt: specimenBills.createdAt,
      createdBy: specimenBills.createdBy,
    },
    scope: (s) => scopeWhere(s, specimenBills.projectId, specimenBills.projectId),
    pages: {
      submit: '/specimen/manage/destroy-bill',
      authorise: '/specimen/manage/destroy-bill-review',
      approve: '/specimen/manage/destroy-bill-review',
      reject: '/specimen/manage/destroy-bill-review',
      confirm: '/specimen/manage/destroy-bill-confirm',
    },
    optional: ['cancel'],
  },
  {
    workflow: projectPlanWorkflow,
    table: projectPlans,
    columns: {
      id: projectPlans.id,
      number: sql`${projectPlans.planNo} || ' v' || ${projectPlans.revision}`,
      state: projectPlans.status,
      createdAt: projectPlans.createdAt,
      createdBy: projectPlans.createdBy,
    },
    // A plan belongs to its whole project.
    scope: (s) => scopeWhere(s, projectPlans.projectId, projectPlans.projectId),
    pages: {
      submit: '/project/plan',
      approve: '/project/plan-review',
      return: '/project/plan-review',
      goOnline: '/project/plan',
    },
  },
  {
    workflow: projectReportWorkflow,
    table: projectReports,
    columns: {
      id: projectReports.id,
      number: projectReports.reportNo,
      state: projectReports.status,
      createdAt: projectReports.createdAt,
      createdBy: projectReports.createdBy,
    },
    scope: (s) => scopeWhere(s, projectReports.projectId, projectReports.siteId),
    pages: { approve: '/project/report-review', return: '/project/report-review' },
  },
  {
    // Storage unit maintenance: due (within the reminder days) or overdue today, the database's clock
    // in the lab's time zone; a task planned further ahead waits for no one yet (completeEarly).
    workflow: unitMaintenanceWorkflow,
    table: unitMaintenanceTasks,
    columns: {
      id: unitMaintenanceTasks.id,
      number: sql`(SELECT ${storageUnits.code} FROM ${storageUnits} WHERE ${storageUnits.id} = ${unitMaintenanceTasks.unitId}) || ' · ' || ${unitMaintenanceTasks.dueOn}::text`,
      state: taskState(sql`now()`),
      // Oldest due first.
      createdAt: sql`${unitMaintenanceTasks.dueOn}::timestamptz`,
      // Who planned it (the actor rule is "anyone": it narrows nothing).
      createdBy: unitMaintenanceTasks.createdBy,
    },
    // Units belong to the laboratory, not to a project.
    scope: () => undefined,
    pages: { complete: '/specimen/container-manage/device-manage' },
    optional: ['completeEarly'],
  },
  {
    // The library's moves are the keepers' whole library, not a project's.
    workflow: moveRequestWorkflow,
    table: moveRequests,
    columns: {
      id: moveRequests.id,
      number: moveRequests.number,
      state: moveRequests.status,
      createdAt: moveRequests.createdAt,
      createdBy: moveRequests.createdBy,
    },
    scope: () => undefined,
    pages: {
      approve: '/specimen/manage/specimen-move',
      reject: '/specimen/manage/specimen-move',
      execute: '/specimen/manage/specimen-move',
    },
    optional: ['cancel'],
  },
  {
    // Quotations wait to be submitted (drafts) and reviewed; the tile counts those of the caller's
    // customers, as the pages list them (docs/finance.md).
    workflow: quotationWorkflow,
    table: marketingQuotations,
    columns: {
      id: marketingQuotations.id,
      number: marketingQuotations.number,
      state: marketingQuotations.status,
      createdAt: marketingQuotations.createdAt,
      createdBy: marketingQuotations.createdBy,
    },
    scope: (_, caller) =>
      ofCallersCustomers(caller, (vis) => customersOf(vis, marketingQuotations.customerId)),
    pages: {
      submit: '/marketing/quotation',
      approve: '/marketing/quotation-review',
      return: '/marketing/quotation-review',
    },
    optional: ['cancel', 'revise'],
  },
  {
    // A contract made from a quotation waits to be put in force (its signed scan, an e-signature).
    workflow: contractWorkflow,
    table: marketingContracts,
    columns: {
      id: marketingContracts.id,
      number: marketingContracts.number,
      state: marketingContracts.status,
      createdAt: marketingContracts.createdAt,
      createdBy: marketingContracts.createdBy,
    },
    scope: (_, caller) =>
      ofCallersCustomers(caller, (vis) => customersOf(vis, marketingContracts.customerId)),
    pages: { activate: '/marketing/contract' },
    optional: ['close'],
  },
  {
    // A period's statement waits for finance's review, then for the customer's signed statement.
    workflow: statementWorkflow,
    table: financeStatements,
    columns: {
      id: financeStatements.id,
      number: sql`coalesce(${financeStatements.number}, ${financeStatements.period} || ' #' || ${financeStatements.id})`,
      state: financeStatements.status,
      createdAt: financeStatements.createdAt,
      createdBy: financeStatements.createdBy,
    },
    scope: (_, caller) => ofCallersCustomers(caller, (vis) => projectScope(financeStatements.projectId, vis)),
    pages: { review: '/financial/review-final-statement', confirm: '/financial/confirm-final-statement' },
    optional: ['cancel'],
  },
  {
    // An adjustment of a confirmed statement waits for its review.
    workflow: adjustmentWorkflow,
    table: financeAdjustments,
    columns: {
      id: financeAdjustments.id,
      number: sql`'#' || ${financeAdjustments.statementId} || '-' || ${financeAdjustments.seq}`,
      state: financeAdjustments.status,
      createdAt: financeAdjustments.createdAt,
      createdBy: financeAdjustments.createdBy,
    },
    scope: (_, caller) =>
      ofCallersCustomers(caller, (vis) => {
        const statements = projectScope(financeStatements.projectId, vis);
        return statements
          ? sql`exists (select 1 from ${financeStatements} where ${financeStatements.id} = ${financeAdjustments.statementId} and ${statements})`
          : undefined;
      }),
    pages: { review: '/financial/review-adjustment' },
    optional: ['cancel'],
  },
];
