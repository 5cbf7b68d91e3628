import type { FastifyReply } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Mailer } from './mail.ts';
import { sendRefusal, type Refusal } from './refusal.ts';
import type { Storage } from './storage.ts';

/** What an action logs: the request's logger in a route, the command line's or the seed's elsewhere. */
export type ActionLog = {
  info: (detail: object, message: string) => void;
  warn: (detail: object, message: string) => void;
  error: (detail: object, message: string) => void;
};

/** The log of the command line and the demo seed: warnings and errors to standard error, nothing else. */
export const STDERR_LOG: ActionLog = {
  info: () => {},
  warn: (detail, message) => console.error(message, detail),
  error: (detail, message) => console.error(message, detail),
};

/**
 * What an action may use beside its input. `db` is the database, or a transaction the action
 * joins (the broker's ingestion and the demo seed write many records in one).
 */
export type ActionDeps = {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  log: ActionLog;
  /** Where links in e-mails point. */
  publicUrl: string;
  /** The brokerage's contact address, named in messages and on delivery orders. */
  brokerEmail: string;
};

/** An action's refusal, returned as a value: the route answers it with sendRefusal. */
export type Refused = { refusal: Refusal };

export function refused(refusal: Refusal): Refused {
  return { refusal };
}

export function isRefused<Value>(value: Value | Refused): value is Refused {
  return typeof value === 'object' && value !== null && 'refusal' in value;
}

/** Thrown inside a transaction to roll it back, and caught by inTransaction to return the refusal. */
class RefusedRollback extends Error {
  constructor(readonly refused: Refused) {
    super(refused.refusal.message);
  }
}

/**
 * Runs `work` in a transaction: the caller's when `db` is one, else its own. A refusal returned
 * by `work` rolls its own transaction back, so nothing it wrote before refusing stays; in the
 * caller's transaction the caller decides (the ingestion undoes the record to its savepoint).
 */
export async function inTransaction<Result>(db: Db, work: (trx: Db) => Promise<Result>): Promise<Result> {
  if (db.isTransaction) return work(db);
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await work(trx);
      if (isRefused(result)) throw new RefusedRollback(result);
      return result;
    });
  } catch (error) {
    // Only a result of `work` that was a refusal is thrown so: it is of the type `work` returns.
    if (error instanceof RefusedRollback) return error.refused as Result;
    throw error;
  }
}

/** PostgreSQL's unique_violation: another writer took the value between the check and the write. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/** A route's answer to an action: its refusal, or what `answer` makes of its result. */
export function replyWith<Result, Answer>(
  reply: FastifyReply,
  result: Result | Refused,
  answer: (value: Result) => Answer,
): Answer | ReturnType<typeof sendRefusal> {
  return isRefused(result) ? sendRefusal(reply, result.refusal) : answer(result);
}
