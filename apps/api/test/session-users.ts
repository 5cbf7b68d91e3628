import type { Db } from '../src/db/connect.ts';
import type { SessionUser } from '../src/modules/access/session-user.ts';

/** The user of this e-mail as a session sees them, for the tests and benches that call repositories directly. */
export async function sessionUserOf(db: Db, email: string): Promise<SessionUser> {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.company_id as companyId', 'users.role', 'users.name', 'users.email'])
    .select('companies.time_zone as timeZone')
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
}

/** The id of the company of this name. */
export async function companyIdOf(db: Db, name: string): Promise<number> {
  return (await db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The id of the user of this e-mail. */
export async function userIdOf(db: Db, email: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** The company's invoices with the files they keep, as a query to order or narrow further. */
export function invoicesOfCompany(db: Db, companyId: number) {
  return db
    .selectFrom('invoices')
    .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
    .select(['invoices.id', 'invoices.path', 'invoices.backup'])
    .where('accounts.company_id', '=', companyId);
}
