// To-dos that are not a workflow's records waiting in a state: counts of items needing someone's
// attention (documents expiring, stock to reorder), each declared once with the permission that sees
// them, the list page and the page's address filter, and the count, which uses the page's own query so
// the tile equals the rows the page opens on (test/todo-pages.test.ts). A later area adds one by
// declaring it here.
import {
  BURN_ALERTS_RAISED,
  MARKETING_PERMISSIONS,
  QUALIFICATION_WINDOWS,
  RECEIVABLE_PERMISSIONS,
  SUPPLY_PERMISSIONS,
} from '@trialab/api-contract';
import type { Executor } from '../../db/client.js';
import type { Principal } from '../../lib/principal.js';
import type { SiteScope } from '../../lib/scope.js';
import { burnDown } from '../finance/repository.js';
import { customerVisibility } from '../marketing/service.js';
import { countBelowReorder } from '../supply/repository.js';
import { countSuppliers } from '../supply-suppliers/repository.js';

export interface CountedTodo {
  /** The count's name and state, the kind's `workflow` and `state` (the console's home words). */
  id: string;
  state: string;
  /** What the person does about them (the console's home words `actions.<action>`). */
  actions: readonly string[];
  /** The permission that sees the items; a caller without it has no such kind. */
  permission: string;
  route: string;
  /** The page's address filter (`useListPage` url fields or tab), opening it on the counted rows. */
  query: string;
  count(db: Executor, at: { today: string; scope: SiteScope; principal: Principal }): Promise<number>;
}

const [SOON] = QUALIFICATION_WINDOWS;

export const COUNTED_TODOS: readonly CountedTodo[] = [
  {
    id: 'supplierQualification',
    state: 'expiring',
    actions: ['renew'],
    permission: SUPPLY_PERMISSIONS.supplierPage,
    route: '/supply/supplier',
    query: `expiringDays=${SOON}`,
    count: (db, { today }) => countSuppliers(db, today, { expiringDays: SOON }),
  },
  {
    id: 'supplyReorder',
    state: 'below',
    actions: ['reorder'],
    permission: SUPPLY_PERMISSIONS.stockPage,
    route: '/supply/consum-cost-manage',
    query: 'status=reorder&below=1',
    count: (db, { today }) => countBelowReorder(db, today),
  },
  {
    // Contracts in force whose billing reached 80 % (or 100 %) of their value: amend the contract
    // or agree more work with the customer before it is done unpaid. Finance sees every contract,
    // sales their own customers' (the receivables page's scope).
    id: 'contractBurnDown',
    state: 'raised',
    actions: ['amend'],
    permission: RECEIVABLE_PERMISSIONS.page,
    route: '/financial/receivables',
    query: `tab=burn&${BURN_ALERTS_RAISED.map((alert) => `alert=${alert}`).join('&')}`,
    count: async (db, { principal }) =>
      // Only the count is read: the names' language changes nothing.
      (
        await burnDown(
          db,
          customerVisibility(principal, MARKETING_PERMISSIONS.customerAll),
          { page: 1, size: 1, alert: BURN_ALERTS_RAISED },
          'zh_CN',
        )
      ).total,
  },
];
