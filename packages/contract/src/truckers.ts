import { z } from 'zod';
import { oneLineText } from './plain-text.ts';
import { CcEmails, EmailOrEmpty, EntityId } from './http.ts';
import { TEXTS } from './texts.ts';

/** The first entry holds the trucker's address and its CC list; the spec reads no other entry. */
export const TruckerEmail = z.object({
  email: z.string(),
  cc_emails: z.array(z.string()),
});
export type TruckerEmail = z.infer<typeof TruckerEmail>;

/** `status` ACTIVE_STATUS means active; `deleted_at` is ISO 8601, or null while not deleted. */
export const Trucker = z.object({
  id: EntityId,
  name: z.string(),
  phone: z.string(),
  status: z.number().int(),
  deleted_at: z.string().nullable(),
  trucker_emails: z.array(TruckerEmail),
});
export type Trucker = z.infer<typeof Trucker>;

/** One trucker as the New Trucker form and the settings screen send it. */
export const TruckerInput = z.object({
  name: oneLineText(z.string().trim().min(1, TEXTS.cannotBeEmpty).max(100)),
  /** Not required: a trucker may be saved before its address is known. */
  email: EmailOrEmpty,
  cc_emails: CcEmails(TEXTS.maxTruckerCc),
});
export type TruckerInput = z.infer<typeof TruckerInput>;

/**
 * The New Trucker form keeps one list of contact strings: the first is the trucker's
 * address, the rest its CC list. Blank entries are dropped.
 */
export function truckerFromContacts(name: string, contacts: readonly string[]): TruckerInput {
  const [email = '', ...cc_emails] = contacts.map((contact) => contact.trim()).filter((contact) => contact !== '');
  return { name, email, cc_emails };
}

/**
 * POST API_PATHS.createTrucker (the New Trucker modal): creates each listed trucker, active, for
 * the caller's company, all or none. A refusal is 400 naming the field (`truckers.N.name`,
 * `truckers.N.email`, `truckers.N.cc_emails`) with the text in `errors[0]`: TEXTS.cannotBeEmpty,
 * TEXTS.emailInvalid, TEXTS.maxTruckerCc for an eleventh CC. Role 11 gets 403.
 */
export const CreateTruckerRequest = z.object({
  truckers: z.array(TruckerInput).min(1).max(20),
});
export type CreateTruckerRequest = z.infer<typeof CreateTruckerRequest>;

/** The truckers just created, in the order they were sent. */
export const CreateTruckerResponse = z.object({
  truckers: z.array(Trucker),
});
export type CreateTruckerResponse = z.infer<typeof CreateTruckerResponse>;
