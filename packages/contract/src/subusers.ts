import { z } from 'zod';
import { oneLineText } from './plain-text.ts';
import { BROKER_KEY_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import {
  Email,
  EntityId,
  Flag,
  fromDigits,
  Id,
  MessageResponse,
  Pagination,
  SortDirection,
  wholeNumber,
} from './http.ts';
import { ROLE_VALUES, SUBUSER_ROLES } from './roles.ts';
import { TEXTS } from './texts.ts';

/** Not in the spec: a company has few users, so a page holds 50. */
export const SUBUSERS_PAGE_SIZE = 50;

export const SUBUSER_SORT_FIELDS = ['name', 'email', 'role', 'account_no'] as const;
export const SubuserSortField = z.enum(SUBUSER_SORT_FIELDS);
export type SubuserSortField = z.infer<typeof SubuserSortField>;

/**
 * GET user/user/subusers. `filter` is a role (the position filter; left out for All Users).
 * The spec names `order_by` and `field` without values: `field` is the column and
 * `order_by` the direction. `search` matches name, e-mail and account number.
 * Beyond the spec: `after` (or `before`) is the id of a user of the company, and the page is
 * the SUBUSERS_PAGE_SIZE users that follow (or precede) that user in the same order and filters;
 * `page` is then only the number it is shown as. The reply stays the spec's: a client steps with
 * the ids of a page's last and first users.
 */
export const SubusersQuery = z
  .object({
    page: fromDigits(wholeNumber(1, 100_000).default(1)),
    search: z.string().trim().max(200).optional(),
    filter: fromDigits(z.literal(ROLE_VALUES)).optional(),
    order_by: SortDirection.default('asc'),
    field: SubuserSortField.default('name'),
    after: Id.optional(),
    before: Id.optional(),
  })
  .refine((query) => query.after === undefined || query.before === undefined, {
    path: ['before'],
    message: 'cannot be sent with after',
  });
export type SubusersQuery = z.infer<typeof SubusersQuery>;

/**
 * A user of the company. The password is never sent back. `linked_accounts` are the account
 * numbers the user sees; `linked_users` are, for a primary user, the ids of the company's
 * sub-users, and empty for a sub-user; `account_no` is `linked_accounts` joined with ", ",
 * the text a primary user is listed by.
 */
export const Subuser = z.object({
  id: EntityId,
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  active: Flag,
  linked_accounts: z.array(z.string()),
  linked_users: z.array(EntityId),
  account_no: z.string(),
});
export type Subuser = z.infer<typeof Subuser>;

/** The company's users, primary users included, one page of SUBUSERS_PAGE_SIZE. */
export const SubusersResponse = z.object({
  company: z.object({ subusers: z.array(Subuser) }),
  pagination: Pagination,
});
export type SubusersResponse = z.infer<typeof SubusersResponse>;

export const SubuserParams = z.object({ id: Id });
export type SubuserParams = z.infer<typeof SubuserParams>;

/** GET user/user/subusers/{id}: not shown by the spec; the user. */
export const SubuserResponse = z.object({ subuser: Subuser });
export type SubuserResponse = z.infer<typeof SubuserResponse>;

/** Refusals of the sub-user calls that the spec does not quote. */
export const SUBUSER_ERRORS = {
  /** 403 for a role that does not manage users (5 and 11). */
  notAllowed: 'Your role cannot manage users.',
  /** 404 for a user of another company, or none. */
  userNotFound: 'User not found.',
  /** 403: the primary user is listed but never edited or deleted through these calls. */
  primaryLocked: 'The primary user cannot be edited or deleted.',
  /** 403 */
  cannotDeleteSelf: 'You cannot delete yourself.',
  /**
   * 403: a manager changes or deletes only a user who sees nothing the manager does not (see
   * canChangeUser); taking over a user who sees more would widen the manager's own access.
   */
  outsideAccounts: 'You can only change or delete users whose accounts are all linked to you.',
  /** 403: changing one's own position or deactivating oneself would lock one out. */
  cannotChangeOwnAccess: 'You cannot change your own position or deactivate yourself.',
  /**
   * 403: one's own e-mail, password and second factor change in Settings, which asks for the
   * current password first (decision 0012); on the users screen a session alone would do.
   */
  ownSignInInSettings: 'Change your own e-mail, password and two-factor sign-in in Settings.',
  /** 409 naming `email`: user names are unique across the portal, whatever their case. */
  emailTaken: 'This e-mail address is already in use.',
  /** 400 naming `linkedAccounts`; {accounts} lists the numbers that are not the caller's to link. */
  unknownAccounts: 'Not an account you can link: {accounts}',
  /** 400 naming `company_id`. */
  otherCompany: 'A user can only be added to your own company.',
  /** 400 naming `password`: a new user needs a password or the set-password e-mail. */
  passwordOrLink: 'Enter a password or send the set-password e-mail.',
  /** 502: the set-password e-mail could not be sent; nothing was saved. */
  mailFailed: 'The set-password e-mail could not be sent. Please try again in a few minutes.',
  /** 502: the notice of an e-mail change to the user's current address could not go; nothing changed. */
  noticeFailed:
    "The e-mail change could not be told to the user's current address. Nothing was changed; please try again later.",
} as const;

/**
 * Whether a caller who sees `callerAccounts` (GET user/user/accounts) may change or delete a user
 * linked to `linkedAccounts`: only when every one of them is among the caller's. A primary user
 * sees all the company's accounts, so this holds for every user of the company.
 */
export function canChangeUser(linkedAccounts: readonly string[], callerAccounts: readonly string[]): boolean {
  const seen = new Set(callerAccounts);
  return linkedAccounts.every((accountNo) => seen.has(accountNo));
}

const password = z
  .string()
  .min(1, TEXTS.resetPasswordEmpty)
  .min(PASSWORD_MIN_LENGTH, TEXTS.resetPasswordTooShort)
  .max(1024);

/**
 * The most accounts one user is linked to: more than any company of the brokerage has (the largest
 * importers hold a few hundred), and few enough that a save stays one small request.
 */
export const MAX_LINKED_ACCOUNTS = 2_000;

const subuserFields = {
  name: oneLineText(z.string().trim().min(1, TEXTS.cannotBeEmpty).max(100)),
  email: Email,
  password,
  role: z.literal(SUBUSER_ROLES, TEXTS.subuserInvalidRole),
  /** Account numbers, each one the caller may link (GET user/user/accounts). */
  linkedAccounts: z
    .array(z.string().trim().min(1).max(BROKER_KEY_MAX_LENGTH))
    .max(
      MAX_LINKED_ACCOUNTS,
      `A user can be linked to at most ${MAX_LINKED_ACCOUNTS.toLocaleString('en-US')} accounts.`,
    ),
  /**
   * Beyond the spec: e-mail the user a single-use link (SET_PASSWORD_LINK_TTL_SECONDS) to the
   * reset-password page, instead of or besides a typed password.
   */
  send_password_link: z.boolean().optional(),
};

/**
 * POST user/user/subusers. `company_id` is sent as the spec has it; the server accepts only
 * the caller's own company (400 otherwise). The password may be left out when
 * `send_password_link` is true.
 */
export const SubuserCreateRequest = z
  .object({ ...subuserFields, password: password.optional(), company_id: EntityId })
  .superRefine((body, context) => {
    if (body.password === undefined && body.send_password_link !== true) {
      context.addIssue({ code: 'custom', path: ['password'], message: SUBUSER_ERRORS.passwordOrLink });
    }
  });
export type SubuserCreateRequest = z.infer<typeof SubuserCreateRequest>;

/**
 * PATCH user/user/subusers/{id}: the spec does not show the body; any of the create fields,
 * each left out when unchanged (so the password only when it changes), and `active` (0 ends
 * the user's sessions and refuses their logins). A user never moves to another company, so
 * `company_id` is not read. A new password or deactivation ends the user's sessions at once.
 */
export const SubuserUpdateRequest = z.object({ ...subuserFields, active: Flag }).partial();
export type SubuserUpdateRequest = z.infer<typeof SubuserUpdateRequest>;

/** Not shown by the spec: TEXTS.subuserCreated or TEXTS.subuserUpdated, and the saved user. */
export const SubuserSaveResponse = z.object({ message: z.string(), subuser: Subuser });
export type SubuserSaveResponse = z.infer<typeof SubuserSaveResponse>;

export const SUBUSER_DELETED = 'User deleted.';

/** DELETE user/user/subusers/{id}: not shown by the spec; SUBUSER_DELETED. Primary users cannot be deleted. */
export const SubuserDeleteResponse = MessageResponse;
export type SubuserDeleteResponse = z.infer<typeof SubuserDeleteResponse>;

/** GET user/user/accounts: the company's accounts, for the linked-account toggles. */
export const AccountsResponse = z.object({
  accounts: z.array(z.object({ account_no: z.string(), name: z.string() })),
});
export type AccountsResponse = z.infer<typeof AccountsResponse>;
