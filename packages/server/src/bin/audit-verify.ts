#!/usr/bin/env node
// Verifies the audit trail of the configured database (DATABASE_URL or DATA_DIR): every row's hash
// and link, and every signed checkpoint (docs/operations.md "Audit trail").
//   --checkpoint       sign the chain's head now (outside production creates the signing key on first use)
//   --export FILE      write the checkpoints and trusted public keys for an auditor
//   --against FILE     also check the checkpoints of an earlier export (catches deleted checkpoints)
//   --max-problems N   how many findings to list (default 50; all are counted)
// Exit code 0: intact; 1: problems found; 2: could not run.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import {
  exportCheckpoints,
  importCheckpoints,
  listCheckpoints,
  writeCheckpoint,
} from '../lib/audit-checkpoints.js';
import { formatReport, verifyAuditChain } from '../lib/audit-verification.js';
import { trustedPublicKeys } from '../lib/signing-keys.js';
import { auditSigningKey } from '../secrets.js';

try {
  const { values } = parseArgs({
    options: {
      checkpoint: { type: 'boolean', default: false },
      export: { type: 'string' },
      against: { type: 'string' },
      'max-problems': { type: 'string', default: '50' },
    },
  });
  const maxProblems = Number(values['max-problems']);
  if (!Number.isSafeInteger(maxProblems) || maxProblems < 1)
    throw new Error('--max-problems must be a positive integer');
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    // A verifier never creates the key; one that signs does outside production.
    const current = await auditSigningKey(config, values.checkpoint);
    if (values.checkpoint && current) {
      const written = await writeCheckpoint(handle.db, current, new Date(), { source: 'manual' });
      console.log(
        written
          ? `checkpoint ${written.id} signed: row ${written.lastId}, ${written.rows} rows, key ${written.keyId}`
          : 'no checkpoint: the audit chain is empty',
      );
    }
    const trustedKeys = await trustedPublicKeys(current, config.auditTrustedKeysFile);
    const extraCheckpoints = values.against ? importCheckpoints(await readFile(values.against, 'utf8')) : [];
    const report = await verifyAuditChain(handle.db, { trustedKeys, extraCheckpoints, maxProblems });
    if (values.export) {
      const exported = exportCheckpoints(await listCheckpoints(handle.db), trustedKeys, new Date());
      await writeFile(values.export, `${JSON.stringify(exported, null, 2)}\n`);
      console.log(
        `exported ${exported.checkpoints.length} checkpoints and ${exported.publicKeys.length} public keys to ${values.export}`,
      );
    }
    const text = formatReport(report, handle.engine);
    if (report.ok) console.log(text);
    else {
      console.error(text);
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`audit:verify could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
