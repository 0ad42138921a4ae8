/**
 * Finance (docs/finance.md): billable events made by the work itself, priced from the contract line
 * in force, with an exception queue for work no contract prices. Sales staff see the events of their
 * customers' projects; whoever holds marketing's all-customers permission (finance) sees every one;
 * external users see nothing of the area.
 */
export const FINANCE_PERMISSIONS = {
  billsPage: 'financial:bills:page',
  /** Run the generation for a period (idempotent). */
  billsGenerate: 'financial:bills:create',
  /** Resolve the exception queue: waive an unpriced event with a reason. */
  billsResolve: 'financial:bills:update',
} as const;

/** Where a billable event stands (docs/finance.md "Billable events"). */
export const BILLABLE_STATUSES = ['priced', 'unpriced', 'waived', 'void'] as const;
export type BillableStatus = (typeof BILLABLE_STATUSES)[number];

/** The source records that make billable events. */
export const BILLABLE_SOURCES = [
  'report-item',
  'kit-line',
  'shipment',
  'outbound-bill',
  'fee',
  'storage',
] as const;
export type BillableSource = (typeof BILLABLE_SOURCES)[number];
