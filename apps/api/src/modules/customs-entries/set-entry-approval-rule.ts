import { ENTRY_APPROVAL_TEXTS, setsEntryApprovalRule, type EntryApprovalRule } from '@clearport/contract/customs-entry';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { customsEntriesRepository } from './customs-entries.repository.ts';

/** The company's primary user or a manager sets which 7501s wait for the company's approval. */
export async function setEntryApprovalRule(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  rule: EntryApprovalRule,
): Promise<EntryApprovalRule | Refused> {
  if (!setsEntryApprovalRule(actor.role)) return refused({ status: 403, message: ENTRY_APPROVAL_TEXTS.ruleForbidden });
  return customsEntriesRepository.setRule(deps.db, actor.companyId, rule);
}
