/**
 * The first query of a page, started by the menu click while the page's chunk downloads (the
 * page then finds its answer in the cache or in flight). Each entry asks exactly what the page's
 * first render asks: the same endpoint and input (a list's initial filter on page 1), otherwise
 * the prefetch is only wasted, never wrong. Only the shell imports this: /login does not load it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EndpointDef, ReportCode } from '@trialab/api-contract';
import { FIRST_PAGE, pagedInput } from '../components/usePaged';
import { type EndpointPick, endpointQuery, REFERENCE_STALE_MS } from '../services/query';

type Prefetch = (client: QueryClient) => Promise<void>;

/** The first page of a list with its initial filter (what `useListPage(endpoint, initial)` asks). */
function list<E extends EndpointDef>(endpoint: EndpointPick<E>, initial: object = {}): Prefetch {
  return (client) => client.prefetchQuery(endpointQuery(endpoint, pagedInput<E>(initial, FIRST_PAGE)));
}

/** Reference data a page reads with its list (e.g. `useSampleTypes`). */
const sampleTypes: Prefetch = (client) =>
  client.prefetchQuery({
    ...endpointQuery((c) => c.system.sampleTypeAll, { body: {} }),
    staleTime: REFERENCE_STALE_MS,
  });

/** A declared report (`ReportPage`): its head and its first page without filters. */
const report =
  (code: ReportCode): Prefetch =>
  (client) =>
    Promise.all([
      client.prefetchQuery(endpointQuery((c) => c.reportManage.tableHead, { body: { code } })),
      list((c) => c.reportManage.tableData, { code, filters: {} })(client),
    ]).then(() => undefined);

const both =
  (...prefetches: Prefetch[]): Prefetch =>
  (client) =>
    Promise.all(prefetches.map((prefetch) => prefetch(client))).then(() => undefined);

export const PAGE_FIRST_QUERIES: Readonly<Record<string, Prefetch>> = {
  '/financial/bills': list((c) => c.bills.paging),
  '/financial/review-final-statement': list((c) => c.statement.paging, { status: 'draft' }),
  '/financial/confirm-final-statement': list((c) => c.statement.paging, { status: 'reviewed' }),
  '/financial/adjustment-final-statement': list((c) => c.adjustment.paging),
  '/financial/review-adjustment': list((c) => c.adjustment.paging, { status: 'draft' }),
  '/financial/receivables': list((c) => c.receivables.balances),
  '/laboratory/test-project': both(
    list((c) => c.testItems.paging),
    sampleTypes,
  ),
  '/laboratory/before-analysis/register-sample-code': both(
    list((c) => c.sampleCode.paging),
    sampleTypes,
  ),
  '/laboratory/before-analysis/manage-sub-barcode': list((c) => c.subBarcode.paging),
  '/specimen/specimen-history': list((c) => c.librarySamples.awaiting),
  '/specimen/manage/sample-list': list((c) => c.librarySamples.list),
  '/specimen/specimen-expired': list((c) => c.libraryRetention.expiredList),
  '/specimen/specimen-log-manage': list((c) => c.libraryLog.list),
  '/laboratory/before-analysis/specimen-sign': list((c) => c.specimenSign.shipments),
  '/laboratory/before-analysis/specimen-staging': list((c) => c.tempStorage.samplePage),
  '/laboratory/before-analysis/input-subject': list((c) => c.subject.paging),
  '/laboratory/before-analysis/subject-review': list((c) => c.subject.paging, { status: 'submitted' }),
  '/laboratory/before-analysis/input-test-project': list((c) => c.testOrder.paging),
  '/laboratory/before-analysis/test-project-review': list((c) => c.testOrder.paging, { status: 'submitted' }),
  '/project/question': list((c) => c.labQuery.paging),
  '/project/user-apply-audit': list((c) => c.accountApplication.auditPaging, { tab: 'pending' }),
  '/project/user-apply': list((c) => c.accountApplication.staffPaging),
  '/express/mail': list((c) => c.staffShipment.paging),
  '/express/unconventional': list((c) => c.chargebackStaff.paging),
  '/marketing/customer': list((c) => c.customer.paging),
  '/marketing/rate-card': list((c) => c.rateCard.paging),
  '/marketing/quotation': list((c) => c.quotation.paging),
  '/marketing/quotation-review': list((c) => c.quotation.paging, { status: 'submitted' }),
  '/marketing/contract': list((c) => c.contract.paging),
  '/supply/consum-material-apply': list((c) => c.consumable.staffPaging, { status: ['approved'] }),
  '/supply/consum-barcode-list': list((c) => c.supplyBarcodes.rangePage),
  '/supply/consum-material': list((c) => c.supply.consumablePage),
  '/supply/supplier': list((c) => c.supplier.page),
  '/supply/consum-cost-manage': list((c) => c.supply.stockPage),
  '/supply/label-template': (client) => client.prefetchQuery(endpointQuery((c) => c.labels.templates, {})),
  '/supply/label-print-job': list((c) => c.labels.jobs),
  '/personal/address': list((c) => c.address.page),
  '/web/question': list((c) => c.clarification.paging),
  '/web/consum-material-apply': list((c) => c.consumable.paging),
  '/web/user-apply': list((c) => c.accountApplication.paging),
  '/web/result-report': list((c) => c.portalReport.results),
  '/web/personal-report': list((c) => c.portalReport.unblinding),
  '/web/inspection-form': list((c) => c.portalReport.inspections),
  '/web/consumables-apply-report': list((c) => c.consumable.linePaging),
  '/web/sample-transport-report': list((c) => c.sampleTransport.itemPaging),
  '/platform/dept': (client) => client.prefetchQuery(endpointQuery((c) => c.dept.tree)),
  '/platform/dict': (client) => client.prefetchQuery(endpointQuery((c) => c.dict.typeList, { body: {} })),
  '/platform/research-center': list((c) => c.researchCenter.paging),
  '/project/file': list((c) => c.project.page),
  '/project/barcode-disabled': list((c) => c.voidedBarcodes.paging),
  '/project/item-log': list((c) => c.projectItemLog.paging),
  '/project/plan': list((c) => c.plan.paging),
  '/project/plan-review': list((c) => c.plan.paging, { status: 'submitted' }),
  '/project/report-review': list((c) => c.projectReports.paging, { status: 'pending' }),
  '/project/manual-report': list((c) => c.manualReports.paging),
  '/platform/account': list((c) => c.user.page, { type: 1 }),
  '/platform/plan-temp-form': list((c) => c.formTemplates.paging),
  '/platform/project-plan-template': list((c) => c.planTemplates.paging),
  '/platform/internal-permission': list((c) => c.user.page, { type: 1 }),
  '/platform/external-permission': list((c) => c.user.page, { type: 2 }),
  '/platform/out-warehouse': list((c) => c.stockOutTypes.paging),
  '/platform/mapping-table': list((c) => c.codeMappings.paging),
  '/system/log': list((c) => c.user.loginLogPage),
  '/system/operation/log': list((c) => c.user.operateLogPaging),
  '/system/system-info': (client) => client.prefetchQuery(endpointQuery((c) => c.systemStatus.info)),
  '/report-manage/lab/query-barcode': report('lab-query-barcode'),
  '/report-manage/lab/barcode-stat': report('lab-barcode-stat'),
  '/report-manage/lab/result-report': report('lab-result-report'),
  '/report-manage/sample/sample-out-detail': report('sample-sample-out-detail'),
  '/report-manage/sample/sample-in-detail': report('sample-sample-in-detail'),
  '/report-manage/project/project-overview': report('project-project-overview'),
  '/report-manage/project/testitem-overview': report('project-testitem-overview'),
};

/**
 * Starts the page's first query, if it declares one, without waiting for it. A failure is shown by
 * the request helper like any call, and the page asks again when it mounts.
 */
export function prefetchPageQuery(client: QueryClient, fullPath: string): void {
  void PAGE_FIRST_QUERIES[fullPath]?.(client);
}
