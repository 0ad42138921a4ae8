import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { type Config, loadConfig, PACKAGE_DIR } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import type { Clock, Deps, Lifecycle } from './deps.js';
import { newestCheckpointAt, scheduleCheckpoints } from './lib/audit-checkpoints.js';
import { LocalFileStore } from './lib/file-store.js';
import { addMessages } from './lib/i18n.js';
import { ServerMetrics } from './lib/metrics.js';
import { buildOpenApi } from './lib/openapi.js';
import { SESSION_CACHE_TTL_MS, SessionCache } from './lib/session-cache.js';
import { accessRoutes } from './modules/access/routes.js';
import { PORTAL_ADMIN_MESSAGES } from './modules/account-applications/messages.js';
import { accountApplicationRoutes } from './modules/account-applications/routes.js';
import { addressRoutes } from './modules/address/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { type OAuthProvider, SimulatedWeChat, WeChatProvider } from './modules/auth/wechat.js';
import { clarificationRoutes } from './modules/clarification/routes.js';
import { CODE_MAPPING_MESSAGES } from './modules/code-mappings/messages.js';
import { codeMappingRoutes } from './modules/code-mappings/routes.js';
import { consumableRoutes } from './modules/consumables/routes.js';
import { deptRoutes } from './modules/dept/routes.js';
import { EXPRESS_EDIT_CHECK_MESSAGES } from './modules/express-edit-check/messages.js';
import { expressEditCheckRoutes } from './modules/express-edit-check/routes.js';
import { FINANCE_MESSAGES } from './modules/finance/messages.js';
import { RECEIVABLE_MESSAGES } from './modules/finance/receivables-messages.js';
import { financeReceivableRoutes } from './modules/finance/receivables-routes.js';
import { financeRoutes } from './modules/finance/routes.js';
import { STATEMENT_MESSAGES } from './modules/finance/statements-messages.js';
import { financeStatementRoutes } from './modules/finance/statements-routes.js';
import { LAB_MESSAGES } from './modules/lab/messages.js';
import { labRoutes } from './modules/lab/routes.js';
import { libraryRoutes } from './modules/library/routes.js';
import { LIBRARY_BATCH_EDIT_MESSAGES } from './modules/library-batch-edit/messages.js';
import { libraryBatchEditRoutes } from './modules/library-batch-edit/routes.js';
import { libraryBillRoutes } from './modules/library-bills/routes.js';
import { LIBRARY_CONTAINER_MESSAGES } from './modules/library-containers/messages.js';
import { libraryContainerRoutes } from './modules/library-containers/routes.js';
import { CUSTODY_MESSAGES } from './modules/library-custody/messages.js';
import { libraryCustodyRoutes } from './modules/library-custody/routes.js';
import { libraryHoldRoutes } from './modules/library-holds/routes.js';
import { libraryLogRoutes } from './modules/library-log/routes.js';
import { libraryMoveRoutes } from './modules/library-moves/routes.js';
import { LIBRARY_RETENTION_MESSAGES } from './modules/library-retention/messages.js';
import { libraryRetentionRoutes } from './modules/library-retention/routes.js';
import { LIBRARY_SAMPLE_MESSAGES } from './modules/library-samples/messages.js';
import { librarySampleRoutes } from './modules/library-samples/routes.js';
import { MARKETING_MESSAGES } from './modules/marketing/messages.js';
import { marketingRoutes } from './modules/marketing/routes.js';
import { PLAN_TEMPLATE_MESSAGES } from './modules/plan-templates/messages.js';
import { planTemplateRoutes } from './modules/plan-templates/routes.js';
import { PLAN_MESSAGES } from './modules/plans/messages.js';
import { planRoutes } from './modules/plans/routes.js';
import { PORTAL_MESSAGES } from './modules/portal/messages.js';
import { homeRoutes } from './modules/portal/routes.js';
import { portalReportRoutes } from './modules/portal-reports/routes.js';
import { portalStaffRoutes } from './modules/portal-staff/routes.js';
import { PROGRESS_MESSAGES } from './modules/progress/messages.js';
import { progressRoutes } from './modules/progress/routes.js';
import { PROJECT_CONFIG_MESSAGES } from './modules/project-config/messages.js';
import { projectConfigRoutes } from './modules/project-config/routes.js';
import { PROJECT_REPORT_MESSAGES } from './modules/project-reports/messages.js';
import { projectReportRoutes } from './modules/project-reports/routes.js';
import { PROJECT_MESSAGES } from './modules/projects/messages.js';
import { projectRoutes } from './modules/projects/routes.js';
import { receiptRoutes } from './modules/receipt/routes.js';
import { REFERENCE_DATA_MESSAGES } from './modules/reference-data/messages.js';
import { referenceDataRoutes } from './modules/reference-data/routes.js';
import { REPORT_MESSAGES } from './modules/report-manage/messages.js';
import { reportManageRoutes } from './modules/report-manage/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { RESEARCH_CENTER_MESSAGES } from './modules/research-centers/messages.js';
import { researchCenterRoutes } from './modules/research-centers/routes.js';
import { sampleUserRoutes } from './modules/sample-users/routes.js';
import { sharedDocRoutes } from './modules/shared-docs/routes.js';
import { SPECIMEN_MESSAGES } from './modules/specimen/messages.js';
import { specimenRoutes } from './modules/specimen/routes.js';
import { specimenLogRoutes } from './modules/specimen-log/routes.js';
import { SUPPLY_MESSAGES } from './modules/supply/messages.js';
import { supplyRoutes } from './modules/supply/routes.js';
import { SUPPLY_BARCODE_MESSAGES } from './modules/supply-barcodes/messages.js';
import { supplyBarcodeRoutes } from './modules/supply-barcodes/routes.js';
import { labelRoutes } from './modules/supply-labels/routes.js';
import { SUPPLIER_MESSAGES } from './modules/supply-suppliers/messages.js';
import { supplierRoutes } from './modules/supply-suppliers/routes.js';
import { PLATFORM_DATA_MESSAGES } from './modules/system/messages.js';
import { systemRoutes } from './modules/system/routes.js';
import { systemStatusRoutes } from './modules/system-status/routes.js';
import { testItemRoutes } from './modules/test-items/routes.js';
import { todoRoutes } from './modules/todo/routes.js';
import { transportRoutes } from './modules/transport/routes.js';
import { USER_MESSAGES } from './modules/users/messages.js';
import { userRoutes } from './modules/users/routes.js';
import { consolePlugin } from './plugins/console.js';
import {
  answerClientError,
  answerFrameworkError,
  envelopePlugin,
  MAX_HEADER_BYTES,
} from './plugins/envelope.js';
import { infrastructurePlugin } from './plugins/infrastructure.js';
import { securityPlugin } from './plugins/security.js';
import { cardKeyBeforeMigrate, loadServerSecrets, readEarlySecrets } from './secrets.js';
import { type SeedResult, seedDatabase } from './seed/seed.js';
import { BILL_MESSAGES } from './services/bills/messages.js';
import { assertMayAttach } from './services/files/access.js';
import { moveLegacyFileContent } from './services/files/legacy-content.js';
import { FILE_SWEEP_TICK_MS, sweepUnreferencedContent } from './services/files/sweep.js';
import { hasPermission, permissionStrings } from './services/identity/permissions.js';
import { findOpenSession, isSessionActive, sha256Hex, touchSession } from './services/identity/session.js';
import { LIBRARY_HOLD_MESSAGES } from './services/library-holds/messages.js';
import { TIMELINE_WORDS } from './services/library-timeline/words.js';
import { POSITION_MESSAGES } from './services/positions/messages.js';
import { MOVE_MESSAGES } from './services/positions/move-messages.js';
import { siteScope } from './services/scope.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What this start seeded (main.ts prints a generated admin password once). */
    seeded: SeedResult;
  }
}

import {
  ChannelNotifier,
  GuardedNotifier,
  type Notifier,
  OutboxNotifier,
  SmtpNotifier,
} from './services/notifications/notifier.js';
import { smsNotifier } from './services/notifications/sms-providers.js';

/**
 * Every domain of the API, in the order of the console's menu: the server's table of contents.
 * A new module adds its routes function here (docs/development.md, "Adding an endpoint").
 */
const DOMAINS: FastifyPluginAsync[] = [
  // Sign-in, accounts and the platform
  authRoutes, // login, codes, captcha, WeChat, password changes
  userRoutes, // users, current user, menus, login and operation logs
  accessRoutes, // roles, user-project grants
  deptRoutes, // the department tree
  systemRoutes, // dictionaries, files, system settings
  referenceDataRoutes, // sample types, temperature conditions
  researchCenterRoutes, // research centres (institutions), their contacts and projects
  codeMappingRoutes, // external codes -> the lab's records
  planTemplateRoutes, // form templates and project plan templates
  progressRoutes, // project progress plans and tasks
  systemStatusRoutes, // system information, audit-chain check
  projectRoutes, // projects and sites in the caller's scope
  projectConfigRoutes, // voided barcodes, project reference ranges, the project item log
  projectReportRoutes, // the project's report review, manual reports
  planRoutes, // sampling and testing plans: visits, samples, review, versions
  // Laboratory
  testItemRoutes,
  receiptRoutes, // sample receipt at the lab
  labRoutes, // subject registrations, test orders, feedback to the project manager
  reportRoutes, // results and reports
  specimenLogRoutes,
  specimenRoutes, // sample codes, bench sign-for, sub-barcodes, temporary storage
  libraryRoutes, // the specimen library: storage tree, restrictions, positions (one engine)
  libraryContainerRoutes, // storage management lists and unit maintenance
  libraryMoveRoutes, // reviewed moves and evacuation of the specimen library
  libraryBillRoutes, // the library's outbound and destruction bills (through the engine)
  librarySampleRoutes, // the library's specimen pages: awaiting storage, rack-scanner import
  libraryBatchEditRoutes, // the library's batch edit of specimen records (previewed, e-signed)
  sampleUserRoutes, // POST /sample/users: who handled a sample (receipt, bench, custody)
  libraryRetentionRoutes, // retention rules and expired specimens (specimen-expired)
  libraryCustodyRoutes, // identity-verified custody: authorised recipients, settings, bills' checks
  libraryHoldRoutes, // legal holds and consent withdrawals (checked by the position engine)
  libraryLogRoutes, // the custody log and the specimen and box timelines
  supplyBarcodeRoutes, // kit and tube barcodes reserved in ranges, shipped, voided
  expressEditCheckRoutes, // /express/edit-check: staff correct a booking before pick-up
  labelRoutes, // label templates (versioned) and print jobs rendered to ZPL from their snapshot
  // Customer portal (/web) and personal centre
  addressRoutes,
  consumableRoutes,
  supplyRoutes, // supply: catalogue and kits, stock ledger, FEFO, reorder, recall
  supplierRoutes, // suppliers: contacts, qualifications with expiry, blocking
  transportRoutes, // sample-shipment bookings
  clarificationRoutes, // clarification queries (site side and lab staff)
  homeRoutes,
  portalReportRoutes, // released reports, results, rejections, chargebacks
  // Portal administration
  accountApplicationRoutes,
  sharedDocRoutes, // original and public records shared with sites
  portalStaffRoutes, // express/mail and logistics views
  todoRoutes, // the home to-do list, derived from the workflows
  // Marketing
  marketingRoutes, // customers, rate cards, quotations, contracts (docs/finance.md)
  reportManageRoutes, // reports of /report-manage (/bi/manage): one engine, exports as jobs
  financeRoutes, // billable events, the exception queue, storage accrual (docs/finance.md)
  financeStatementRoutes, // statements and adjustments (docs/finance.md "Statements")
  financeReceivableRoutes, // payments, balances, aging, burn-down, unbilled (docs/finance.md "Receivables")
];

// The domains' messages, merged into lib/i18n.ts (which imports nothing from modules/).
addMessages(LAB_MESSAGES, SPECIMEN_MESSAGES, PORTAL_MESSAGES, PORTAL_ADMIN_MESSAGES, REFERENCE_DATA_MESSAGES);
addMessages(PLATFORM_DATA_MESSAGES, USER_MESSAGES);
addMessages(RESEARCH_CENTER_MESSAGES);
addMessages(CODE_MAPPING_MESSAGES);
addMessages(PLAN_TEMPLATE_MESSAGES);
addMessages(PROJECT_MESSAGES);
addMessages(PROJECT_CONFIG_MESSAGES);
addMessages(PROGRESS_MESSAGES);
addMessages(PLAN_MESSAGES);
addMessages(PROJECT_REPORT_MESSAGES);
addMessages(POSITION_MESSAGES);
addMessages(EXPRESS_EDIT_CHECK_MESSAGES);
addMessages(LIBRARY_CONTAINER_MESSAGES);
addMessages(MOVE_MESSAGES);
addMessages(BILL_MESSAGES);
addMessages(LIBRARY_SAMPLE_MESSAGES);
addMessages(LIBRARY_BATCH_EDIT_MESSAGES);
addMessages(LIBRARY_RETENTION_MESSAGES);
addMessages(CUSTODY_MESSAGES);
addMessages(SUPPLY_MESSAGES);
addMessages(LIBRARY_HOLD_MESSAGES);
addMessages(TIMELINE_WORDS);
addMessages(SUPPLY_BARCODE_MESSAGES);
addMessages(SUPPLIER_MESSAGES);
addMessages(MARKETING_MESSAGES);
addMessages(REPORT_MESSAGES);
addMessages(FINANCE_MESSAGES);
addMessages(STATEMENT_MESSAGES);
addMessages(RECEIVABLE_MESSAGES);

export interface ServerOptions {
  /** Folder of the built console; defaults to the console package's dist. */
  consoleDir?: string;
  logger?: boolean;
  /** Overrides of the configuration read from the environment. */
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  /** An already-open database (tests, several instances on one database); not closed by the app. */
  database?: DatabaseHandle;
  clock?: Clock;
  notifier?: Notifier;
  wx?: OAuthProvider | null;
  /** Told as each start-up step begins (main.ts passes them on to the stack launcher). */
  onPhase?: (phase: StartPhase) => void;
}

/** The steps of a start that may take a while: a first start migrates and seeds for a minute or more. */
export type StartPhase = 'migrating the database' | 'seeding' | 'loading the routes';

function defaultConsoleDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@trialab/console/package.json')), 'dist');
}

export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * The OpenAPI document depends on the contract and the version only: built at the first server of
 * the process and shared by the next (a test worker builds a server per suite; @fastify/swagger
 * only reads it).
 */
let openApiDocument: Record<string, unknown> | undefined;
function openApi(): Record<string, unknown> {
  openApiDocument ??= buildOpenApi(SERVER_VERSION);
  return openApiDocument;
}

function defaultWx(config: Config): OAuthProvider | null {
  if (config.wxProvider === 'simulated') return new SimulatedWeChat();
  if (config.wxProvider === 'wechat' && config.wxAppId && config.wxAppSecret) {
    return new WeChatProvider(config.wxAppId, config.wxAppSecret);
  }
  return null;
}

/** SMS by the configured provider (or the outbox), e-mail by SMTP (or the outbox). */
function defaultNotifier(config: Config): Notifier {
  const outbox = new OutboxNotifier();
  const sms = config.sms.provider === 'outbox' ? outbox : smsNotifier(config.sms);
  return new ChannelNotifier(
    sms,
    config.smtpUrl ? new SmtpNotifier(config.smtpUrl, config.smtpFrom) : outbox,
  );
}

/** Builds the API as a fastify app; `main.ts` only listens and shuts down. */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(options.env ?? process.env), ...options.config };
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: config.uploadMaxBytes + 1024 * 1024,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  const consoleDir = options.consoleDir ?? defaultConsoleDir();

  // The keys first: a production start missing one refuses before it touches the database.
  const earlySecrets = await readEarlySecrets(config);
  const phase = options.onPhase ?? (() => undefined);
  phase('migrating the database');
  const handle =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      beforeMigrate: cardKeyBeforeMigrate(config),
    }));
  if (!options.database) app.addHook('onClose', () => handle.close());
  // An in-memory database gets a throw-away file directory that goes with it.
  const filesDir = config.filesDir ?? (await mkdtemp(join(tmpdir(), 'trialab-files-')));
  if (!config.filesDir) app.addHook('onClose', () => rm(filesDir, { recursive: true, force: true }));
  const fileStore = await new LocalFileStore(filesDir).init();
  await moveLegacyFileContent(handle.db, fileStore);
  // Before the seed, which hashes the demo subjects' card numbers with one of them.
  const secrets = await loadServerSecrets(handle.db, config, earlySecrets);
  phase('seeding');
  const seeded = await seedDatabase(handle.db, {
    files: fileStore,
    subjectCardKey: secrets.subjectCard,
    demo: config.seedDemo,
    now: new Date((options.clock ?? Date.now)()),
    adminPassword: config.adminInitialPassword,
    reportPdfs: config.seedReportPdfs,
  });

  // Session look-ups are cached per instance; the database announces auth changes (see lib/session-cache.ts).
  const sessionCache = new SessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 10_000, live: false });
  const lifecycle: Lifecycle = { listening: false, shuttingDown: false };
  const stopListening = await handle.listen('trialab_auth', {
    onChange: () => sessionCache.invalidate(),
    onLive: (live) => {
      sessionCache.setLive(live);
      lifecycle.listening = live;
    },
  });
  app.addHook('onClose', stopListening);

  const deps: Deps = {
    db: handle.db,
    relaxedDb: handle.relaxedDb,
    engine: handle.engine,
    files: fileStore,
    sessionCache,
    config,
    secrets,
    clock: options.clock ?? Date.now,
    notifier: new GuardedNotifier(
      options.notifier ?? defaultNotifier(config),
      app.log,
      options.clock ?? Date.now,
    ),
    wx: options.wx === undefined ? defaultWx(config) : options.wx,
    version: SERVER_VERSION,
    domains: {
      sha256Hex,
      findOpenSession,
      isSessionActive,
      touchSession,
      permissionStrings,
      hasPermission,
      assertMayAttach,
      siteScope,
    },
    metrics: new ServerMetrics({
      poolUse: () => handle.poolUse(),
      newestCheckpointAt: () => newestCheckpointAt(handle.db),
    }),
    lifecycle,
  };
  app.decorate('deps', deps);
  app.decorate('seeded', seeded);

  // Signed checkpoints of the audit chain.
  const stopCheckpoints = scheduleCheckpoints({
    db: handle.db,
    keys: async () => secrets.auditSigning,
    intervalMs: config.auditCheckpointIntervalMs,
    clock: deps.clock,
    onCheckpoint: (c) =>
      app.log.info({ auditCheckpoint: { ...c, at: c.at.toISOString() } }, 'audit checkpoint signed'),
    onError: (error) => {
      app.log.error({ err: error }, 'audit checkpoint failed');
    },
  });
  app.addHook('onClose', async () => stopCheckpoints());
  // Stored content no files row names, after the grace period (docs/operations.md "Files").
  if (config.filesSweepGraceMs > 0) {
    const sweep = setInterval(() => {
      sweepUnreferencedContent(deps.db, fileStore, deps.clock(), config.filesSweepGraceMs).then(
        (removed) => removed.length > 0 && app.log.info({ removed }, 'unreferenced stored files removed'),
        (error: unknown) => app.log.error({ err: error }, 'file sweep failed'),
      );
    }, FILE_SWEEP_TICK_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }

  phase('loading the routes');
  await app.register(envelopePlugin);
  await app.register(securityPlugin);
  // Probes and /metrics: outside the API contract, listed in INFRASTRUCTURE_ROUTES.
  await app.register(infrastructurePlugin);

  // OpenAPI generated from the contract, with a reference page at /api/docs.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApi() as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  for (const domainRoutes of DOMAINS) await app.register(domainRoutes);

  await app.register(consolePlugin, { root: consoleDir });
  return app;
}
