import {
  ALL_ENDPOINTS,
  allWorkflows,
  BILL_PERMISSIONS,
  MARKETING_PERMISSIONS,
  REPORT_EXPORT_PERMISSIONS,
  temperatureRangeLabel,
} from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { appendAudit } from '../lib/audit.js';
import type { FileStore } from '../lib/file-store.js';
import { generatePassword, hashPassword } from '../services/identity/passwords.js';
import {
  DEMO_PASSWORD,
  DEMO_PROJECTS,
  DEMO_ROLES,
  DEMO_SAMPLE_TYPES,
  DEMO_SITES,
  DEMO_TEMPERATURES,
  DEMO_TEST_ITEMS,
  DEMO_USERS,
  DEMO_VISITS,
} from './demo-data.js';
import { seedDepts } from './depts.js';
import { DICTS } from './dicts.js';
import { seedExpressEditCheckDemo } from './express-edit-check-demo.js';
import { seedFinanceDemo } from './finance-demo.js';
import { seedLabDemo } from './lab-demo.js';
import { seedLibraryBatchEditDemo } from './library-batch-edit-demo.js';
import { seedLibraryBillsDemo } from './library-bills-demo.js';
import { seedLibraryContainersDemo } from './library-containers-demo.js';
import { seedLibraryCustodyDemo } from './library-custody-demo.js';
import { seedLibraryDemo } from './library-demo.js';
import { seedLibraryHoldsDemo } from './library-holds-demo.js';
import { seedLibraryMovesDemo } from './library-moves-demo.js';
import { seedLibraryRetentionDemo } from './library-retention-demo.js';
import { seedLibrarySamplesDemo } from './library-samples-demo.js';
import { seedLibraryTimelineDemo } from './library-timeline-demo.js';
import { seedMarketingDemo } from './marketing-demo.js';
import { flattenMenus } from './menus.js';
import { seedPlanSamplesDemo } from './plan-samples-demo.js';
import { seedPlanTemplatesDemo } from './plan-templates-demo.js';
import { seedPlansDemo } from './plans-demo.js';
import { seedPortalAdminDemo } from './portal-admin-demo.js';
import { seedPortalDemo } from './portal-demo.js';
import { seedPortalReportsDemo } from './portal-reports-demo.js';
import { seedProgressDemo } from './progress-demo.js';
import { seedProjectConfigDemo } from './project-config-demo.js';
import { seedProjectReportsDemo } from './project-reports-demo.js';
import { seedProjectsDemo } from './projects-demo.js';
import { seedReceivablesDemo, seedReceivablesHistory } from './receivables-demo.js';
import { seedMappingDemo, seedReferenceDemo } from './reference-demo.js';
import { seedReportOverviewsDemo } from './report-overviews-demo.js';
import { seedResearchCentersDemo } from './research-centers-demo.js';
import { seedSiteReportsDemo } from './site-reports-demo.js';
import { seedSpecimenDemo } from './specimen-demo.js';
import { seedStatementsDemo } from './statements-demo.js';
import { seedSupplyBarcodesDemo } from './supply-barcodes-demo.js';
import { seedSupplyDemo } from './supply-demo.js';
import { seedSupplyLabelsDemo } from './supply-labels-demo.js';
import { seedSystemDemo } from './system-demo.js';
import { seedWorkflowDemo } from './workflow-demo.js';

const SEED_LOCK_ID = 724_310_003;

const ACTION_NAMES: Record<string, [string, string, string]> = {
  page: ['查询', 'Query', '查詢'],
  query: ['查看', 'View', '查看'],
  list: ['列表', 'List', '列表'],
  create: ['新增', 'Create', '新增'],
  update: ['编辑', 'Edit', '編輯'],
  delete: ['删除', 'Delete', '刪除'],
  status: ['启用/停用', 'Enable/disable', '啟用/停用'],
  'reset-password': ['重置密码', 'Reset password', '重置密碼'],
  view: ['查看', 'View', '查看'],
  add: ['新增', 'Add', '新增'],
  edit: ['编辑', 'Edit', '編輯'],
  toggle: ['启用/停用', 'Enable/disable', '啟用/停用'],
  // The buttons of workflow actions.
  audit: ['审核', 'Review', '審核'],
  review: ['审核', 'Review', '審核'],
  release: ['发布', 'Release', '發布'],
  dispatch: ['发货', 'Dispatch', '發貨'],
  receive: ['收货', 'Receive', '收貨'],
  revoke: ['撤回', 'Withdraw', '撤回'],
  withdraw: ['撤回', 'Withdraw', '撤回'],
  cancel: ['取消', 'Cancel', '取消'],
  respond: ['答复', 'Respond', '答覆'],
  reply: ['答复', 'Reply', '答覆'],
  close: ['关闭', 'Close', '關閉'],
  reopen: ['重新打开', 'Re-open', '重新打開'],
  confirm: ['确认', 'Confirm', '確認'],
  pickup: ['揽收', 'Pick up', '攬收'],
  sign: ['签收', 'Sign off', '簽收'],
  in: ['入库', 'Store', '入庫'],
  out: ['出库', 'Take out', '出庫'],
  move: ['移位', 'Move', '移位'],
  block: ['锁定库位', 'Block positions', '鎖定庫位'],
  restrict: ['存放限制', 'Restrictions', '存放限制'],
  extend: ['延长保存', 'Extend retention', '延長保存'],
  disable: ['禁用', 'Disable', '禁用'],
  import: ['导入', 'Import', '匯入'],
  export: ['导出', 'Export', '匯出'],
  publish: ['发布', 'Publish', '發布'],
  hold: ['设置保全/撤回同意', 'Set hold or withdrawal', '設置保全/撤回同意'],
  all: ['查看全部', 'See all', '查看全部'],
  lift: ['解除保全/撤回同意', 'Lift hold or withdrawal', '解除保全/撤回同意'],
};

/**
 * Permissions needed by some endpoint or some workflow action: workflow actions are buttons of the
 * page that fires them, so each gets its row even when no endpoint names it.
 */
export function requiredPermissions(): string[] {
  const required = new Set(
    ALL_ENDPOINTS.flatMap((e) => (typeof e.access === 'object' ? [e.access.permission] : [])),
  );
  for (const workflow of allWorkflows())
    for (const transition of Object.values(workflow.transitions)) required.add(transition.permission);
  // The QA permission one of a destruction's two authorisers holds (no endpoint of its own).
  required.add(BILL_PERMISSIONS.destroyQa);
  // Seeing every customer, not only one's own (finance; docs/finance.md): no endpoint of its own.
  required.add(MARKETING_PERMISSIONS.customerAll);
  // The reports' exports (their endpoints read the report's own permission: docs/reports.md).
  for (const permission of REPORT_EXPORT_PERMISSIONS) required.add(permission);
  return [...required].sort();
}

/** One declared permission row: a menu or a button, its parent named by i18n key. */
interface DeclaredPermission {
  parentKey: string | null;
  values: Omit<typeof s.permissions.$inferInsert, 'id' | 'parentId'> & { i18nKey: string };
}

/**
 * The menu tree and the button permissions the endpoint and workflow declarations require: menus
 * in tree order (a parent before its children), then the buttons.
 */
function declaredPermissions(): { menus: DeclaredPermission[]; buttons: DeclaredPermission[] } {
  const menus = flattenMenus();
  // The first menu of an authority owns its buttons (pages opened from a list share the list's).
  const menuByPrefix = new Map<string, (typeof menus)[number]>();
  for (const m of menus) {
    const prefix = m.authority.replace(/:view$/, '');
    if (!menuByPrefix.has(prefix)) menuByPrefix.set(prefix, m);
  }
  return {
    menus: menus.map((menu) => ({
      parentKey: menu.parentKey,
      values: {
        type: menu.type,
        authority: menu.authority,
        i18nKey: menu.key,
        name: menu.zh,
        enName: menu.en,
        hkName: menu.hk,
        path: menu.segment,
        fullPath: menu.fullPath,
        icon: menu.icon,
        invisible: menu.hidden,
        notCache: menu.notCache,
        sort: menu.sort,
      },
    })),
    buttons: requiredPermissions().map((permission, sort) => {
      const [area = '', resource = '', action = ''] = permission.split(':');
      const menu = menuByPrefix.get(`${area}:${resource}`);
      const [zh, en, hk] = ACTION_NAMES[action] ?? [action, action, action];
      return {
        parentKey: menu?.key ?? null,
        values: {
          type: 3,
          authority: permission,
          i18nKey: `perm.${permission}`,
          name: menu ? `${menu.zh}-${zh}` : `${resource}-${zh}`,
          enName: menu ? `${menu.en}: ${en}` : `${resource}: ${en}`,
          hkName: menu ? `${menu.hk}-${hk}` : `${resource}-${hk}`,
          sort,
        },
      };
    }),
  };
}

type PermissionRow = typeof s.permissions.$inferSelect;
type PermissionValues = DeclaredPermission['values'] & { parentId: number | null };

/**
 * Menu tree and button permissions brought up to date at every start (keyed by i18n key), so new
 * endpoints get their permission rows without a manual step. The rows are read once and only those
 * that differ from the declarations are written, in one statement per tree level: a start with
 * nothing changed writes nothing (it ran one upsert per row, about 400, before).
 */
async function syncPermissions(tx: Transaction): Promise<void> {
  const current = new Map<string, PermissionRow>();
  for (const row of await tx.select().from(s.permissions)) current.set(row.i18nKey, row);
  const idByKey = new Map([...current].map(([key, row]) => [key, row.id]));
  const { menus, buttons } = declaredPermissions();
  // Menus level by level (a new menu's id is known once its level is written), the buttons last.
  let pending = menus;
  while (pending.length > 0) {
    const ready = pending.filter((p) => p.parentKey === null || idByKey.has(p.parentKey));
    if (ready.length === 0) throw new Error(`menus without a declared parent: ${pending[0]?.values.i18nKey}`);
    await upsertChanged(tx, ready, current, idByKey);
    pending = pending.filter((p) => !ready.includes(p));
  }
  await upsertChanged(tx, buttons, current, idByKey);
}

/** Writes the declared rows that differ from `current` in one statement; records new rows' ids. */
async function upsertChanged(
  tx: Transaction,
  declared: readonly DeclaredPermission[],
  current: ReadonlyMap<string, PermissionRow>,
  idByKey: Map<string, number>,
): Promise<void> {
  const changed: PermissionValues[] = [];
  for (const { parentKey, values } of declared) {
    const row: PermissionValues = {
      ...values,
      parentId: parentKey === null ? null : (idByKey.get(parentKey) ?? null),
    };
    const now = current.get(values.i18nKey);
    const same =
      now !== undefined &&
      (Object.keys(row) as (keyof PermissionValues)[]).every((column) => now[column] === row[column]);
    if (!same) changed.push(row);
  }
  const [first] = changed;
  if (first === undefined) return;
  // Every row of one call declares the same columns (menus all of theirs, buttons theirs): an
  // existing row gets exactly those, as the one-row upserts gave it.
  const set = Object.fromEntries(
    (Object.keys(first) as (keyof PermissionValues)[]).map((column) => [
      column,
      sql.raw(`excluded.${s.permissions[column].name}`),
    ]),
  );
  const written = await tx
    .insert(s.permissions)
    .values(changed)
    .onConflictDoUpdate({ target: s.permissions.i18nKey, set })
    .returning({ id: s.permissions.id, i18nKey: s.permissions.i18nKey });
  for (const { id, i18nKey } of written) idByKey.set(i18nKey, id);
}

/** Dictionary types and entries the code relies on, added when missing (two statements). */
async function seedDictionaries(tx: Transaction): Promise<void> {
  await tx
    .insert(s.dictTypes)
    .values(DICTS.map((dict) => ({ dictNo: dict.dictNo, name: dict.name, enName: dict.enName })))
    .onConflictDoNothing();
  await tx
    .insert(s.dictData)
    .values(
      DICTS.flatMap((dict) =>
        dict.items.map(([value, label, enLabel], sort) => ({
          dictNo: dict.dictNo,
          value,
          label,
          enLabel,
          sort,
        })),
      ),
    )
    .onConflictDoNothing();
}

async function seedDemo(tx: Transaction, now: Date): Promise<void> {
  const allPermissions = await tx
    .select({ id: s.permissions.id, authority: s.permissions.authority })
    .from(s.permissions);
  const roleIds = new Map<string, number>();
  for (const role of DEMO_ROLES) {
    const [row] = await tx
      .insert(s.roles)
      .values({ name: role.name, enName: role.enName, code: role.code })
      .returning({ id: s.roles.id });
    if (!row) continue;
    roleIds.set(role.code, row.id);
    const granted = allPermissions.filter(
      (p) =>
        p.authority &&
        ((role.areas.some((a) => p.authority?.startsWith(`${a}:`)) &&
          !role.except?.some((e) => p.authority?.startsWith(e))) ||
          role.extra.includes(p.authority)),
    );
    if (granted.length > 0) {
      await tx.insert(s.rolePermissions).values(granted.map((p) => ({ roleId: row.id, permissionId: p.id })));
    }
  }
  const deptOf = await seedDepts(tx);
  const projectIds = new Map<string, number>();
  for (const project of DEMO_PROJECTS) {
    const [row] = await tx.insert(s.projects).values(project).returning({ id: s.projects.id });
    if (row) projectIds.set(project.projectNo, row.id);
  }
  const siteIds = new Map<string, number>();
  for (const [projectNo, centerNo, name] of DEMO_SITES) {
    const projectId = projectIds.get(projectNo);
    if (projectId === undefined) continue;
    const [row] = await tx
      .insert(s.sites)
      .values({ projectId, centerNo, name })
      .returning({ id: s.sites.id });
    if (row) siteIds.set(`${projectNo}/${centerNo}`, row.id);
  }
  await seedResearchCentersDemo(tx);
  for (const [projectNo, projectId] of projectIds) {
    await tx.insert(s.visitPoints).values(
      DEMO_VISITS.map(([name, enName], sort) => ({
        projectId,
        planNo: `${projectNo}-PLAN-A`,
        name,
        enName,
        sort,
      })),
    );
  }
  const temperatureIds = new Map<string, number>();
  for (const [code, name, enName, minCelsius, maxCelsius, forTransport, forStorage] of DEMO_TEMPERATURES) {
    const range = temperatureRangeLabel(minCelsius, maxCelsius);
    const [row] = await tx
      .insert(s.temperatures)
      .values({ code, name, enName, minCelsius, maxCelsius, range, forTransport, forStorage })
      .returning({ id: s.temperatures.id });
    if (row) temperatureIds.set(name, row.id);
  }
  await tx.insert(s.sampleTypes).values(
    DEMO_SAMPLE_TYPES.map(([code, name, enName, category, container, storage], sort) => ({
      code,
      name,
      enName,
      category,
      container,
      storageTemperatureId: temperatureIds.get(storage) ?? null,
      sort,
    })),
  );
  await tx
    .insert(s.testItems)
    .values(DEMO_TEST_ITEMS.map(([code, name, enName]) => ({ code, name, enName })));

  // One hash for the shared demo password keeps first start fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    const [row] = await tx
      .insert(s.users)
      .values({
        username: user.username,
        mobile: user.mobile,
        email: user.email,
        jobNumber: user.jobNumber,
        type: user.type,
        isSuper: user.isSuper ?? false,
        deptId: user.type === 1 ? deptOf(user.roles) : null,
        passwordHash,
        passwordChangedAt: now,
        mustChangePassword: user.mustChangePassword ?? false,
      })
      .returning({ id: s.users.id });
    if (!row) continue;
    const roles = user.roles.flatMap((code) => {
      const id = roleIds.get(code);
      return id === undefined ? [] : [{ userId: row.id, roleId: id }];
    });
    if (roles.length > 0) await tx.insert(s.userRoles).values(roles);
    for (const projectNo of user.projects ?? []) {
      const projectId = projectIds.get(projectNo);
      if (projectId !== undefined) await tx.insert(s.userProjects).values({ userId: row.id, projectId });
    }
    for (const [projectNo, centers] of Object.entries(user.sites ?? {})) {
      const projectId = projectIds.get(projectNo);
      if (projectId === undefined) continue;
      for (const centerNo of centers) {
        const siteId = siteIds.get(`${projectNo}/${centerNo}`);
        if (siteId !== undefined)
          await tx.insert(s.userProjects).values({ userId: row.id, projectId, siteId });
      }
    }
  }
}

/**
 * Brings reference data up to date and, on an empty database, seeds the demo. Serialised by an
 * advisory lock so several instances starting together seed once.
 */
export interface SeedResult {
  /** Set when a super account was created with a generated password (print it once). */
  generatedAdminPassword?: string;
}

/** The first account of a database seeded without demo data. */
export const INITIAL_ADMIN = { username: '超级管理员', mobile: '13800000000', email: 'admin@trialab.local' };

export async function seedDatabase(
  db: Database,
  options: {
    demo: boolean;
    now: Date;
    adminPassword?: string | undefined;
    files: FileStore;
    /** Key of the demo subjects' card-number hashes (secrets.ts). */
    subjectCardKey: Buffer;
    /** Render the PDFs of the demo's released reports (default true; the test suites skip it). */
    reportPdfs?: boolean | undefined;
  },
): Promise<SeedResult> {
  const result: SeedResult = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    await syncPermissions(tx);
    await seedDictionaries(tx);
    const marker = await tx.select().from(s.settings).where(eq(s.settings.key, 'seed:demo'));
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(s.users);
    if (options.demo && marker.length === 0 && n === 0) {
      await seedDemo(tx, options.now);
      await seedLabDemo(tx, options.now);
      await seedSpecimenDemo(tx, options.now);
      await seedPortalDemo(tx, options.now);
      await seedPortalAdminDemo(tx, options.now, options.files);
      await seedPortalReportsDemo(tx, options.now);
      await seedSystemDemo(tx, options.now);
      await seedReferenceDemo(tx);
      await seedMappingDemo(tx);
      await seedPlanTemplatesDemo(tx, options.now);
      await seedProjectsDemo(tx, options.now);
      await seedProgressDemo(tx, options.now);
      await seedPlansDemo(tx, options.now);
      await seedWorkflowDemo(tx, options.now, {
        files: options.files,
        subjectCardKey: options.subjectCardKey,
        reportPdfs: options.reportPdfs ?? true,
      });
      await seedSiteReportsDemo(tx, options.now, options.files);
      await seedPlanSamplesDemo(tx, options.now);
      await seedLibraryDemo(tx, options.now);
      await seedLibraryContainersDemo(tx, options.now);
      await seedLibraryMovesDemo(tx, options.now);
      await seedLibraryBillsDemo(tx, options.now);
      await seedLibrarySamplesDemo(tx, options.now);
      await seedLibraryRetentionDemo(tx, options.now);
      await seedLibraryCustodyDemo(tx, options.now, {
        files: options.files,
        subjectCardKey: options.subjectCardKey,
      });
      await seedLibraryHoldsDemo(tx, options.now);
      await seedLibraryBatchEditDemo(tx, options.now);
      await seedLibraryTimelineDemo(tx, options.now, options.files);
      await seedProjectConfigDemo(tx, options.now);
      await seedProjectReportsDemo(tx, options.now, options.files);
      await seedSupplyBarcodesDemo(tx, options.now);
      await seedSupplyDemo(tx, options.now);
      await seedSupplyLabelsDemo(tx, options.now);
      await seedMarketingDemo(tx, options.now, options.files);
      await seedFinanceDemo(tx, options.now);
      await seedReceivablesHistory(tx, options.now, options.files);
      await seedStatementsDemo(tx, options.now, options.files);
      await seedReceivablesDemo(tx, options.now, options.files);
      await seedReportOverviewsDemo(tx);
      await seedExpressEditCheckDemo(tx);
      await tx.insert(s.settings).values({ key: 'seed:demo', value: options.now.toISOString() });
      await appendAudit(
        tx,
        { at: options.now, userId: null, username: 'system', requestId: null, workstation: null, ip: null },
        [{ action: 'seed.demo', entity: 'database', newValue: { users: DEMO_USERS.length } }],
      );
    } else if (!options.demo && n === 0) {
      const password = options.adminPassword ?? generatePassword();
      if (!options.adminPassword) result.generatedAdminPassword = password;
      await tx.insert(s.users).values({
        ...INITIAL_ADMIN,
        jobNumber: null,
        type: 1,
        isSuper: true,
        passwordHash: await hashPassword(password),
        passwordChangedAt: options.now,
        mustChangePassword: true,
      });
      await appendAudit(
        tx,
        { at: options.now, userId: null, username: 'system', requestId: null, workstation: null, ip: null },
        [{ action: 'seed.admin', entity: 'user', newValue: { mobile: INITIAL_ADMIN.mobile } }],
      );
    }
  });
  return result;
}
