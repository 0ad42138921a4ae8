import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { appliedMigrations, migrationJournal } from '../../db/migrations.js';
import { verifyAuditChain } from '../../lib/audit-verification.js';
import { registerGroup } from '../../lib/route.js';
import { trustedPublicKeys } from '../../lib/signing-keys.js';
import * as repo from './repository.js';
import { lastMigrationName, secondsBetween, serviceModes } from './service.js';

const { systemStatus } = endpoints;

/** The system information page and the audit-chain check of the operation log. */
export async function systemStatusRoutes(app: FastifyInstance): Promise<void> {
  const startedAt = app.deps.clock();
  registerGroup(app, systemStatus, {
    info: async (ctx) => {
      const { config, engine, version } = ctx.deps;
      const migrations = await appliedMigrations(ctx.db);
      const audit = await repo.auditFacts(ctx.db);
      return {
        version,
        nodeVersion: process.version,
        mode: config.mode,
        database: { engine, ...(await repo.databaseFacts(ctx.db)) },
        migrations: {
          applied: migrations.applied,
          last: lastMigrationName(await migrationJournal(), migrations.lastWhen),
          lastAppliedAt: migrations.lastWhen === null ? null : new Date(migrations.lastWhen).toISOString(),
        },
        // PGlite is embedded in this process: no other instance can open it.
        instances: engine === 'pglite' ? 1 : await repo.listeningInstances(ctx.db),
        startedAt: new Date(startedAt).toISOString(),
        uptimeSeconds: secondsBetween(startedAt, ctx.now.getTime()),
        audit: {
          rows: audit.rows,
          lastCheckpoint: audit.lastCheckpoint && {
            ...audit.lastCheckpoint,
            at: audit.lastCheckpoint.at.toISOString(),
          },
          checkpointMinutes: config.auditCheckpointIntervalMs / 60_000,
        },
        ...serviceModes(config),
        labTimeZone: config.labTimeZone,
      };
    },
    auditChain: async (ctx) => {
      const { config, db, secrets } = ctx.deps;
      const trustedKeys = await trustedPublicKeys(secrets.auditSigning, config.auditTrustedKeysFile);
      // The whole chain outside the request's transaction: a read of committed rows only.
      const report = await verifyAuditChain(db, { trustedKeys, maxProblems: 20 });
      ctx.deps.metrics.auditVerified(report.ok, ctx.now);
      return {
        ok: report.ok,
        rows: report.rows,
        checkpoints: report.checkpoints,
        newestCheckpoint: report.newestCheckpoint && {
          ...report.newestCheckpoint,
          at: report.newestCheckpoint.at.toISOString(),
        },
        problemCount: report.problemCount,
        problems: report.problems.map((p) => ({
          rowId: p.rowId,
          checkpointId: 'checkpointId' in p ? p.checkpointId : null,
          reason: p.reason,
        })),
        verifiedAt: ctx.now.toISOString(),
      };
    },
  });
}
