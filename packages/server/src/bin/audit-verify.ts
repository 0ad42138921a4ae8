#!/usr/bin/env node
// Verifies the audit trail's hash chain of the configured database (DATABASE_URL or DATA_DIR).
// Exit code 0: intact; 1: broken (the first broken row is printed); 2: could not run.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { verifyAuditChain } from '../lib/audit.js';

try {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    const report = await verifyAuditChain(handle.db);
    if (report.ok) {
      console.log(`audit chain intact: ${report.rows} rows verified (${handle.engine})`);
    } else {
      console.error(
        `audit chain BROKEN at row id ${report.brokenAtId} (${report.reason}); ${report.rows} rows before it verified`,
      );
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`audit:verify could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
