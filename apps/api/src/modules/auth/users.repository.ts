import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

export const usersRepository = {
  async findByEmail(db: Db, email: string) {
    return db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.role',
        'users.active',
        'users.password_hash',
        'companies.primary_contact',
      ])
      .where(sql`lower(users.email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  },

  async findProfile(db: Db, userId: number) {
    return db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.role',
        'companies.id as company_id',
        'companies.name as company_name',
        'companies.primary_contact',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirstOrThrow();
  },
};
