import { sql } from 'kysely';
import { LAST_USE_PRECISION_MS, type ApiKeyScope } from '@clearport/contract/broker-admin';
import type { Db } from '../../db/connect.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Every key starts so, which tells a broker key from a session token in a log or a config file. */
export const API_KEY_MARK = 'cpk_';
/** How much of a key `list` shows: enough to tell keys apart, far too little to use one. */
const PREFIX_LENGTH = API_KEY_MARK.length + 6;

export type ApiKeyRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

/** Why a call's key was refused. */
export type KeyRefusal = 'missing' | 'unknown' | 'revoked' | 'expired';

/** A key that may be used now: its id, name and scopes, and when its last use event was written. */
export type LiveKey = { id: number; name: string; scopes: ApiKeyScope[]; useEventAt: Date | null };

const LISTED = ['id', 'name', 'prefix', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'] as const;

export const apiKeysRepository = {
  /** A new key; the only time its text exists outside the caller is this reply. */
  async create(
    db: Db,
    input: { name: string; scopes: readonly ApiKeyScope[]; expiresAt: Date | null },
  ): Promise<ApiKeyRow & { key: string }> {
    const key = `${API_KEY_MARK}${newToken()}`;
    const row = await db
      .insertInto('broker_api_keys')
      .values({
        name: input.name,
        prefix: key.slice(0, PREFIX_LENGTH),
        key_hash: hashToken(key),
        scopes: [...new Set(input.scopes)],
        expires_at: input.expiresAt,
      })
      .returning(LISTED)
      .executeTakeFirstOrThrow();
    return { ...(row as ApiKeyRow), key };
  },

  /** Every key, newest first. */
  async list(db: Db): Promise<ApiKeyRow[]> {
    const rows = await db.selectFrom('broker_api_keys').select(LISTED).orderBy('id', 'desc').execute();
    return rows as ApiKeyRow[];
  },

  /** 'revoked', 'alreadyRevoked' or 'notFound'. */
  async revoke(db: Db, id: number, at: Date = new Date()): Promise<'revoked' | 'alreadyRevoked' | 'notFound'> {
    const revoked = await db
      .updateTable('broker_api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (revoked) return 'revoked';
    const exists = await db.selectFrom('broker_api_keys').select('id').where('id', '=', id).executeTakeFirst();
    return exists ? 'alreadyRevoked' : 'notFound';
  },

  /**
   * The key, when it may be used now: neither revoked nor expired. Its last use is written when
   * the one on record is older than LAST_USE_PRECISION_MS, so a busy integration costs a write a
   * minute, not one a call.
   */
  async findLive(db: Db, key: string, now: Date = new Date()): Promise<LiveKey | undefined> {
    const row = await db
      .selectFrom('broker_api_keys')
      .select(['id', 'name', 'scopes', 'last_used_at', 'use_event_at'])
      .where('key_hash', '=', hashToken(key))
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    if (!row) return undefined;
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USE_PRECISION_MS) {
      // Two calls at once may both write; the later time wins, which is the truth either way.
      await db
        .updateTable('broker_api_keys')
        .set({ last_used_at: now })
        .where('id', '=', row.id)
        .where(sql<boolean>`last_used_at IS DISTINCT FROM ${now}`)
        .execute();
    }
    return { id: row.id, name: row.name, scopes: row.scopes as ApiKeyScope[], useEventAt: row.use_event_at };
  },

  /**
   * Whether this call is the key's first accepted one since `everyMs`, marking it so: one
   * conditional update, so of calls at once, in one process or several, one alone is told yes.
   */
  async takeUseEvent(db: Db, id: number, everyMs: number): Promise<boolean> {
    const taken = await db
      .updateTable('broker_api_keys')
      .set({ use_event_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('use_event_at', 'is', null),
          eb('use_event_at', '<=', sql<Date>`now() - make_interval(secs => ${everyMs / 1000})`),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    return taken !== undefined;
  },

  /** Why a key is not live, for the security event of its refusal: never seen, revoked, or expired. */
  async whyNotLive(db: Db, key: string, now: Date = new Date()): Promise<{ reason: KeyRefusal; keyId: number | null }> {
    const row = await db
      .selectFrom('broker_api_keys')
      .select(['id', 'revoked_at', 'expires_at'])
      .where('key_hash', '=', hashToken(key))
      .executeTakeFirst();
    if (!row) return { reason: 'unknown', keyId: null };
    if (row.revoked_at) return { reason: 'revoked', keyId: row.id };
    return { reason: row.expires_at && row.expires_at <= now ? 'expired' : 'unknown', keyId: row.id };
  },
};
