/**
 * What makes the two engines interchangeable under the server's code, so that a feature proven on
 * one is proven on the other (docs/development.md, "Two engines"):
 *
 * - Values: PGlite's driver answers `int8` as a number and `bytea` as a plain `Uint8Array`, where
 *   node-postgres answers a string and a `Buffer`. PGlite is given node-postgres's parsers.
 * - Sessions: PGlite is one session, so a query on the database from inside a transaction's callback
 *   waits for that transaction, which waits for the query: the request hangs. On PostgreSQL the same
 *   query takes a second connection and sees the data as it was before the transaction. Both engines
 *   refuse it at once (`OutsideTransactionError`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type PGliteOptions, types } from '@electric-sql/pglite';
import type { Database } from './client.js';

const INT8 = 20;
const INT8_ARRAY = 1016;
const BYTEA = 17;

/** node-postgres's parsers for the types PGlite answers differently. */
export const PGLITE_PARSERS: NonNullable<PGliteOptions['parsers']> = {
  [INT8]: (text) => text,
  // PGlite's own array parser, with the elements left as text (nulls stay null).
  [INT8_ARRAY]: (text) => types.arrayParser(text, (item) => item, INT8_ARRAY),
  // `\x` and hex digits: PostgreSQL's default bytea_output.
  [BYTEA]: (text) => Buffer.from(text.slice(2), 'hex'),
};

export class OutsideTransactionError extends Error {
  constructor() {
    super(
      'a query on the database from inside a transaction: run it on the transaction (on PGlite it would wait for itself)',
    );
    this.name = 'OutsideTransactionError';
  }
}

/** Set while a transaction's callback runs (and everything it starts); `open` false once it ended. */
const inTransaction = new AsyncLocalStorage<{ open: boolean }>();

interface SessionLike {
  prepareQuery(...args: unknown[]): unknown;
  transaction(...args: unknown[]): Promise<unknown>;
}

/**
 * Makes `db` refuse a query (or a second transaction) asked for from inside one of the server's
 * transactions. `others` are databases on the same engine that share the guard (the relaxed pool,
 * which is the same session on PGlite). Work a transaction leaves behind (a timer, a promise not
 * awaited) may use the database once the transaction has ended.
 */
export function oneSessionAtATime(db: Database, ...others: Database[]): void {
  for (const database of [db, ...others]) {
    const session = (database as unknown as { session: SessionLike }).session;
    const prepareQuery = session.prepareQuery.bind(session);
    session.prepareQuery = (...args) => {
      if (inTransaction.getStore()?.open) throw new OutsideTransactionError();
      return prepareQuery(...args);
    };
    const transaction = session.transaction.bind(session);
    session.transaction = async (...args) => {
      if (inTransaction.getStore()?.open) throw new OutsideTransactionError();
      const state = { open: true };
      try {
        return await inTransaction.run(state, () => transaction(...args));
      } finally {
        state.open = false;
      }
    };
  }
}
