import type { Db } from '../../db/connect.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Every key starts so, which tells a broker key from a session token in a log or a config file. */
export const API_KEY_MARK = 'cpk_';
/** How much of a key `list` shows: enough to tell keys apart, far too little to use one. */
const PREFIX_LENGTH = API_KEY_MARK.length + 6;

export type ApiKeyListing = { id: number; name: string; prefix: string; created_at: Date; revoked_at: Date | null };

export const apiKeysRepository = {
  /** A new key; the only time its text exists outside the caller is this reply. */
  async create(db: Db, name: string): Promise<{ id: number; key: string; prefix: string }> {
    const key = `${API_KEY_MARK}${newToken()}`;
    const prefix = key.slice(0, PREFIX_LENGTH);
    const row = await db
      .insertInto('broker_api_keys')
      .values({ name, prefix, key_hash: hashToken(key) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, key, prefix };
  },

  list(db: Db): Promise<ApiKeyListing[]> {
    return db
      .selectFrom('broker_api_keys')
      .select(['id', 'name', 'prefix', 'created_at', 'revoked_at'])
      .orderBy('id')
      .execute();
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

  /** The live key's id and name, or undefined for an unknown or revoked key. */
  findLive(db: Db, key: string): Promise<{ id: number; name: string } | undefined> {
    return db
      .selectFrom('broker_api_keys')
      .select(['id', 'name'])
      .where('key_hash', '=', hashToken(key))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  },
};
