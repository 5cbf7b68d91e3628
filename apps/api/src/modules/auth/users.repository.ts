import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** A user with their company, and what both the login and the profile read of them. */
function usersWithCompany(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'companies.primary_contact']);
}

export const usersRepository = {
  async findByEmail(db: Db, email: string) {
    return usersWithCompany(db)
      .select(['users.active', 'users.password_hash', 'users.company_id'])
      .where(sql`lower(users.email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  },

  async findById(db: Db, userId: number) {
    return usersWithCompany(db)
      .select(['users.active', 'users.company_id'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  },

  async findProfile(db: Db, userId: number) {
    return usersWithCompany(db)
      .select(['companies.id as company_id', 'companies.name as company_name', 'companies.entry_approval'])
      .where('users.id', '=', userId)
      .executeTakeFirstOrThrow();
  },
};
