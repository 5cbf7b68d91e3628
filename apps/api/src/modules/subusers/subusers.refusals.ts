import { SUBUSER_ERRORS } from '@clearport/contract/subusers';
import { fillText } from '@clearport/contract/texts';
import type { Db } from '../../db/connect.ts';
import { listedRefusal, type Refusal } from '../../lib/refusal.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';

/** How the users screen's calls are refused (contract: SUBUSER_ERRORS). */
export const USER_NOT_FOUND: Refusal = { status: 404, message: SUBUSER_ERRORS.userNotFound };
export const EMAIL_TAKEN = listedRefusal(409, SUBUSER_ERRORS.emailTaken, 'email');
export const OTHER_COMPANY = listedRefusal(400, SUBUSER_ERRORS.otherCompany, 'company_id');
export const MAIL_FAILED: Refusal = { status: 502, message: SUBUSER_ERRORS.mailFailed };
export const NOTICE_FAILED: Refusal = { status: 502, message: SUBUSER_ERRORS.noticeFailed, field: 'email' };

export function accountsRefusal(accounts: readonly string[]): Refusal {
  const message = fillText(SUBUSER_ERRORS.unknownAccounts, { accounts: accounts.join(', ') });
  return listedRefusal(400, message, 'linkedAccounts');
}

/** The account numbers the caller sees, so may link, and whose users they may manage. */
export async function linkableAccountsOf(db: Db, caller: SessionUser): Promise<string[]> {
  return (await accessRepository.listAccounts(db, caller)).map((account) => account.account_no);
}
