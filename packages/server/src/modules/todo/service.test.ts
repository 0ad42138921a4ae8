import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allWorkflows, SUPPLY_PERMISSIONS, type WorkflowDef } from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import type { TodoSource } from '../../lib/workflow.js';
import { COUNTED_TODOS, type CountedTodo } from './counted.js';
import { countedKindsOf, kindsOf } from './service.js';
import { TODO_SOURCES } from './sources.js';

const principal = (permissions: string[], isSuper = false) => ({
  isSuper,
  permissions: new Set(permissions),
});

/**
 * A workflow of this test only, NOT put in the contract's registry (`defineWorkflow` would, and the
 * server files sharing this worker would then sync its permissions as the product's).
 */
const testWorkflow = <S extends string, A extends string>(def: WorkflowDef<S, A>) => def;

/** A workflow no module knows: declaring it with its source is all the to-do list needs. */
const sampleWorkflow = testWorkflow({
  id: 'sampleCheck',
  states: ['drafted', 'awaiting', 'checked', 'void'],
  initial: 'drafted',
  final: ['checked', 'void'],
  words: {
    drafted: { 'zh-CN': '草稿', 'en-US': 'Drafted', 'zh-HK': '草稿' },
    awaiting: { 'zh-CN': '待检查', 'en-US': 'Awaiting check', 'zh-HK': '待檢查' },
    checked: { 'zh-CN': '已检查', 'en-US': 'Checked', 'zh-HK': '已檢查' },
    void: { 'zh-CN': '已作废', 'en-US': 'Void', 'zh-HK': '已作廢' },
  },
  transitions: {
    tidy: {
      from: ['drafted'],
      to: 'drafted',
      permission: 'x:check:update',
      actor: 'applicant',
      signature: false,
    },
    submit: {
      from: ['drafted'],
      to: 'awaiting',
      permission: 'x:check:update',
      actor: 'applicant',
      signature: false,
    },
    check: {
      from: ['awaiting'],
      to: 'checked',
      permission: 'x:check:review',
      actor: 'not-applicant',
      signature: false,
    },
    discard: {
      from: ['drafted', 'awaiting'],
      to: 'void',
      permission: 'x:check:delete',
      actor: 'any',
      signature: false,
    },
  },
});
const sampleSource: TodoSource = {
  workflow: sampleWorkflow,
  table: users,
  columns: {
    id: users.id,
    number: users.username,
    state: sql`'drafted'`,
    createdAt: users.createdAt,
    createdBy: users.id,
  },
  scope: () => undefined,
  pages: { submit: '/x/drafts', check: '/x/review' },
  optional: ['discard'],
};

describe('to-do kinds derived from the workflow declarations', () => {
  it('a new workflow appears with its source: states that are not final, actions the caller may fire', () => {
    const kinds = (p: ReturnType<typeof principal>) => kindsOf([sampleSource], p)[0]?.kinds;
    expect(kinds(principal(['x:check:update', 'x:check:review', 'x:check:delete']))).toEqual([
      {
        workflow: 'sampleCheck',
        state: 'drafted',
        actions: ['submit'],
        route: '/x/drafts',
        actor: 'creator',
      },
      { workflow: 'sampleCheck', state: 'awaiting', actions: ['check'], route: '/x/review', actor: 'others' },
    ]);
    // Without the permission there is nothing to do; the super account may do everything.
    expect(kinds(principal(['x:check:delete']))).toEqual([]);
    expect(kinds(principal([], true))?.map((k) => k.state)).toEqual(['drafted', 'awaiting']);
    expect(kindsOf([sampleSource], principal([], true), { state: 'awaiting' })[0]?.kinds).toHaveLength(1);
  });

  it('groups the actions of one state and page; applicant plus not-applicant leaves anyone', () => {
    const both = testWorkflow({
      id: 'both',
      states: ['open', 'done'],
      initial: 'open',
      final: ['done'],
      words: {
        open: { 'zh-CN': '待处理', 'en-US': 'Open', 'zh-HK': '待處理' },
        done: { 'zh-CN': '已完成', 'en-US': 'Done', 'zh-HK': '已完成' },
      },
      transitions: {
        fix: { from: ['open'], to: 'done', permission: 'p', actor: 'applicant', signature: false },
        accept: { from: ['open'], to: 'done', permission: 'p', actor: 'not-applicant', signature: false },
      },
    });
    const source = { ...sampleSource, workflow: both, pages: { fix: '/p', accept: '/p' }, optional: [] };
    expect(kindsOf([source], principal(['p']))[0]?.kinds).toEqual([
      { workflow: 'both', state: 'open', actions: ['fix', 'accept'], route: '/p', actor: 'any' },
    ]);
  });

  it('every workflow of the contract has a source, or never leaves work waiting', () => {
    const declared = new Set(TODO_SOURCES.map((s) => s.workflow.id));
    // Receipt lines are created received; storage and shared documents are not waiting for anyone.
    const neverPending = [
      'sampleReceipt',
      'sampleStorage',
      'sharedDocument.original',
      'sharedDocument.public',
    ];
    const ids = allWorkflows().map((w) => w.id);
    expect(ids.filter((id) => !declared.has(id) && !neverPending.includes(id))).toEqual([]);
    // Each action that can be a to-do names the page where it is fired.
    for (const source of TODO_SOURCES)
      for (const [action, t] of Object.entries(source.workflow.transitions)) {
        const loops = t.from.every((state) => state === t.to);
        if (!source.optional?.includes(action) && !loops)
          expect(source.pages[action], `${source.workflow.id}.${action}`).toMatch(/^\//);
      }
  });
});

describe('to-do links', () => {
  // The console's pages, read as text: a page honours `?status=` through useListPage's `url` or useUrlTab.
  const pages = fileURLToPath(new URL('../../../../console/src/pages', import.meta.url));
  const sourceOf = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  /** The page's file and the files beside or above it that it imports (its list component). */
  const readsStatus = (route: string) => {
    const index = join(pages, route, 'index.tsx');
    const page = sourceOf(index);
    const imported = [...page.matchAll(/from '(\.\.?\/[^']+)'/g)].flatMap(([, path = '']) =>
      ['.tsx', '.ts', '/index.tsx'].map((ext) => sourceOf(join(dirname(index), `${path}${ext}`))),
    );
    return [page, ...imported].some((source) => /useUrlTab[<(]|url:\s*\{[^}]*\bstatus\b/.test(source));
  };
  /** Lists whose page has no state to choose: the link opens them as they are (docs/platform.md). */
  const UNFILTERED = new Set([
    '/laboratory/before-analysis/input-subject',
    '/laboratory/before-analysis/input-test-project',
  ]);

  it("opens a page that reads the link's state, or one listed as having no state to choose", () => {
    const routes = new Set(
      kindsOf(TODO_SOURCES, principal([], true)).flatMap(({ kinds }) => kinds.map((k) => k.route)),
    );
    const ignoring = [...routes].filter((route) => !UNFILTERED.has(route) && !readsStatus(route));
    expect(ignoring).toEqual([]);
    // The list stays true: a page that learns to read the state leaves it.
    expect([...UNFILTERED].filter((route) => readsStatus(route) || !routes.has(route))).toEqual([]);
  });
});

describe('counted to-dos (not a workflow’s)', () => {
  const declared: CountedTodo = {
    id: 'sampleCount',
    state: 'waiting',
    actions: ['check'],
    permission: 'area:page:check',
    route: '/area/page',
    query: 'flag=1',
    count: async () => 7,
  };

  it('a declared count is a kind for those holding its permission, linked by its query', () => {
    expect(countedKindsOf([declared], principal(['area:page:check'])).map((c) => c.kind)).toEqual([
      { workflow: 'sampleCount', state: 'waiting', actions: ['check'], route: '/area/page', query: 'flag=1' },
    ]);
    expect(countedKindsOf([declared], principal([]))).toEqual([]);
    expect(countedKindsOf([declared], principal([], true))).toHaveLength(1);
    // The supply keeper's: documents expiring, stock below the reorder point; each with its permission.
    expect(
      countedKindsOf(COUNTED_TODOS, principal([SUPPLY_PERMISSIONS.supplierPage])).map((c) => c.kind.query),
    ).toEqual(['expiringDays=30']);
  });

  it("each count's page reads the filter its link sets", () => {
    const pages = fileURLToPath(new URL('../../../../console/src/pages', import.meta.url));
    const unread = COUNTED_TODOS.flatMap((todo) => {
      const source = readFileSync(join(pages, todo.route, 'index.tsx'), 'utf8');
      return [...new URLSearchParams(todo.query).keys()]
        .filter((field) =>
          field === 'status'
            ? !/useUrlTab[<(]/.test(source)
            : !new RegExp(
                `url:\\s*\\{[^}]*\\b${field}\\b|params\\.get\\('${field}'\\)|useUrlTab[<(][^;]*'${field}'\\)`,
              ).test(source),
        )
        .map((field) => `${todo.route}: ${field}`);
    });
    expect(unread).toEqual([]);
  });
});
