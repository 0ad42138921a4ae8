import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';

/** Permissions of the /system pages' endpoints (the log pages' lists are in user.ts). */
export const SYSTEM_PERMISSIONS = {
  loginLog: 'system:log:page',
  operationLog: 'system:operation:page',
  operationExport: 'system:operation:export',
  verify: 'system:operation:verify',
  info: 'system:system-info:query',
} as const;

const checkpoint = z.object({ id: z.number(), lastId: z.number(), at: z.string() });

/** What the system information page shows: versions, database, instances, services. Nothing secret. */
export const systemInfo = z.object({
  /** The server package's version. */
  version: z.string(),
  nodeVersion: z.string(),
  /** production, development or demo. */
  mode: z.string(),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    /** `SHOW server_version` (PGlite answers the PostgreSQL version it embeds). */
    serverVersion: z.string(),
    sizeBytes: z.number(),
  }),
  migrations: z.object({
    applied: z.number(),
    /** The newest applied migration's name (its file without .sql); null when unknown. */
    last: z.string().nullable(),
    lastAppliedAt: z.string().nullable(),
  }),
  /**
   * API instances listening for auth changes on this database (PostgreSQL: their LISTEN
   * connections; PGlite is embedded, one instance); null when the database does not say.
   */
  instances: z.number().nullable(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  audit: z.object({
    rows: z.number(),
    /** The newest signed checkpoint (its signature is checked by the operation log's verification). */
    lastCheckpoint: checkpoint.nullable(),
    /** Minutes between checkpoints; 0 = the running server signs none. */
    checkpointMinutes: z.number(),
  }),
  /** smtp: mail goes to an SMTP server; outbox: kept in the database (development, demo). */
  mail: z.enum(['smtp', 'outbox']),
  /** The SMS provider (SMS_PROVIDER); outbox: kept in the database (development, demo). */
  sms: z.enum(['outbox', 'aliyun', 'tencent']),
  wechat: z.enum(['simulated', 'wechat', 'none']),
  labTimeZone: z.string(),
});

export const systemStatus = defineGroup('systemStatus', {
  info: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/system-info',
    summary:
      'Versions, database engine and size, migrations, instances, uptime, audit checkpoints, mail/SMS/WeChat state',
    access: { permission: SYSTEM_PERMISSIONS.info },
    mutates: false,
    data: systemInfo,
  }),
  auditChain: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/operateLog/verify',
    summary: 'Walks the audit chain now: every row hash and link, every signed checkpoint (read-only)',
    access: { permission: SYSTEM_PERMISSIONS.verify },
    mutates: false,
    data: z.object({
      ok: z.boolean(),
      rows: z.number(),
      checkpoints: z.number(),
      newestCheckpoint: checkpoint.nullable(),
      problemCount: z.number(),
      /** The first findings: row (and checkpoint) and what is wrong. */
      problems: z.array(
        z.object({ rowId: z.number(), checkpointId: z.number().nullable(), reason: z.string() }),
      ),
      verifiedAt: z.string(),
    }),
  }),
});
