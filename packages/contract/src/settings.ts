import { z } from 'zod';
import { ACTIVE_STATUS, MAX_CC_EMAILS, PASSWORD_MIN_LENGTH } from './constants.ts';
import { CcEmails, Email, EmailOrEmpty, EntityId, UNKNOWN_CALL_FIELD_MESSAGE } from './http.ts';
import { revisionOf } from './revision.ts';
import { TEXTS } from './texts.ts';
import { Trucker, TruckerInput } from './truckers.ts';
import { Warehouse, WarehouseInput } from './warehouses.ts';

/** The four notification lists in the Settings screen's order, each with its stored table_number. */
export const NOTIFICATION_LISTS = [
  { key: 'document_emails', name: 'documents', table_number: 0 },
  { key: '_7501_emails', name: '7501', table_number: 2 },
  { key: 'invoice_emails', name: 'invoice', table_number: 1 },
  { key: 'delivery_order_mails', name: 'delivery', table_number: 3 },
] as const;
export type NotificationListKey = (typeof NOTIFICATION_LISTS)[number]['key'];

export const TableNumber = z.literal(NOTIFICATION_LISTS.map((list) => list.table_number));
export type TableNumber = z.infer<typeof TableNumber>;

/** One list: its recipient (empty when not set) and up to MAX_CC_EMAILS copies. */
export const NotificationEmails = z.object({
  email: z.string(),
  cc_emails: z.array(z.string()),
});
export type NotificationEmails = z.infer<typeof NotificationEmails>;

/**
 * GET user/settings. `truckers` and `warehouses` are the company's, active and inactive, not
 * deleted, by id (oldest first). Beyond the spec's `account_no`, each account carries its `name`
 * as the broker sent it ('' when none), for the spec's "account names (read-only)".
 */
export const SettingsResponse = z.object({
  user: z.object({
    id: EntityId,
    email: z.string(),
    accounts: z.array(z.object({ account_no: z.string(), name: z.string() })),
    document_emails: NotificationEmails,
    _7501_emails: NotificationEmails,
    invoice_emails: NotificationEmails,
    delivery_order_mails: NotificationEmails,
    truckers: z.array(Trucker),
    warehouses: z.array(Warehouse),
  }),
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;

/** The spec shows the count out of MAX_CC_EMAILS but quotes no text for going over it. */
export const CC_LIST_FULL = `Maximum ${MAX_CC_EMAILS} CC emails per list.`;

export const NotificationEmailsInput = z.object({
  table_number: TableNumber,
  email: EmailOrEmpty,
  cc_emails: CcEmails(CC_LIST_FULL),
});
export type NotificationEmailsInput = z.infer<typeof NotificationEmailsInput>;

/**
 * A trucker on the Settings screen: with `id` an existing one (its name, addresses and, when
 * sent, its status are replaced), without a new one, active.
 */
export const SettingsTruckerInput = TruckerInput.extend({
  id: EntityId.optional(),
  status: z.literal([0, ACTIVE_STATUS]).optional(),
});
export type SettingsTruckerInput = z.infer<typeof SettingsTruckerInput>;

/**
 * user/settings/save from the New Warehouse modal (Home, and Add New in the delivery order
 * editor): the new warehouse (no id) followed by the existing ones. Each entry without an id is
 * created, active, with NEW_WAREHOUSE_DEFAULTS for absent fields and the caller as `user_id`.
 * Entries with an id are the client's copy of the company's warehouses: each must be one of
 * them, not deleted (else 400 naming `warehouses.N.id`, WAREHOUSE_NOT_FOUND), and is kept as
 * stored, so a stale copy never undoes another user's edit. Nothing is deleted. Strict, so a
 * Settings body that fails its own checks is refused instead of being read as this one.
 */
export const WarehousesSaveRequest = z.strictObject({
  warehouses: z.array(WarehouseInput).min(1).max(500),
});
export type WarehousesSaveRequest = z.infer<typeof WarehousesSaveRequest>;

/** A warehouse id in a save body that names none of the company's warehouses. */
export const WAREHOUSE_NOT_FOUND = 'Warehouse not found.';

/** A warehouse on the Settings screen: with `id` an existing one, whose sent fields replace its own. */
export const SettingsWarehouseInput = WarehouseInput.extend({ status: z.literal([0, ACTIVE_STATUS]).optional() });
export type SettingsWarehouseInput = z.infer<typeof SettingsWarehouseInput>;

/** Refusals of the Settings screen's save that the spec does not word. */
export const SETTINGS_ERRORS = {
  truckerNotFound: 'Trucker not found.',
  currentPasswordRequired: 'Enter your current password to change your e-mail or password.',
  currentPasswordWrong: 'The current password is not correct.',
  emailTaken: 'This e-mail address is already used by another user.',
  noticeFailed:
    'The e-mail change could not be told to your current address. Nothing was changed; please try again later.',
  companyListsForbidden:
    "Only the company's primary user and managers can change its notification e-mails, truckers and warehouses.",
  /** 409: the lists changed (in another tab, or by a colleague or the brokerage) since the screen read them. */
  changedElsewhere:
    'These settings were changed elsewhere since this page was opened, in another tab or by someone else. Nothing was saved: reload the page to see them, then make your change again.',
} as const;

/** The company's lists as a reading of GET user/settings gives them. */
export type SettingsLists = Pick<SettingsResponse['user'], NotificationListKey | 'truckers' | 'warehouses'>;

/**
 * The revision of a company's Settings lists: the four notification lists, the truckers and the
 * warehouses, each by id. The screen computes it from what it read and created, the server from
 * what is stored; a save naming another revision than the stored one would replace lists it
 * never saw (decision 0012).
 */
export function settingsRevision(lists: SettingsLists): string {
  const byId = <Row extends { id: number }>(rows: readonly Row[]) => [...rows].sort((one, other) => one.id - other.id);
  return revisionOf({
    lists: NOTIFICATION_LISTS.map((list) => lists[list.key]),
    truckers: byId(lists.truckers),
    warehouses: byId(lists.warehouses),
  });
}

/** The Settings screen's success message; the spec quotes none. */
export const SETTINGS_SAVED = 'Settings saved.';

/**
 * user/settings/save from the Settings screen, in one transaction: a refusal changes nothing.
 * `user_emails` holds each of the company's four lists once. A `truckers` or `warehouses` list,
 * when sent, is the company's whole list, each entry once: entries with an id (the company's, not deleted, else
 * 400 on `truckers.N.id` / `warehouses.N.id`) are updated, entries without one created, and the
 * company's others deleted. Deleting one that an unsent delivery order names refuses the whole
 * save with 400 and TEXTS.truckersInUse or TEXTS.warehousesInUse; one named only by sent orders
 * is kept with `deleted_at` set, so those orders show it with (Deleted); one never used is
 * removed. `email` and `password` are the caller's own login and need `current_password`
 * (SETTINGS_ERRORS); a changed password ends the caller's other sessions, a changed e-mail is
 * told to the old address. Role 11 gets 403. Role 5 (canEditCompanyLists) sends the four lists as
 * it read them and no `truckers` or `warehouses`; anything else is 403 with
 * SETTINGS_ERRORS.companyListsForbidden.
 */
/** Refuses an entry whose id an earlier entry of the list already has, naming its `id`. */
function eachIdOnce(message: string) {
  return (entries: ReadonlyArray<{ id?: number | undefined }>, context: z.RefinementCtx) => {
    const seen = new Set<number>();
    entries.forEach((entry, index) => {
      if (entry.id === undefined) return;
      if (seen.has(entry.id)) context.addIssue({ code: 'custom', message, path: [index, 'id'] });
      seen.add(entry.id);
    });
  };
}

export const SettingsFormSaveRequest = z.strictObject({
  /**
   * The settingsRevision of the lists the screen started from (its own creations since
   * included): the save is refused with 409 when they have changed since. Without it the lists
   * sent replace the stored ones whatever happened meanwhile.
   */
  revision: z
    .string()
    .max(32)
    .optional()
    .describe(
      'The settingsRevision of the lists the screen started from: the save is refused with 409 when they changed since. Left out, the lists sent replace the stored ones.',
    ),
  user_emails: z
    .array(NotificationEmailsInput)
    .length(NOTIFICATION_LISTS.length)
    .refine(
      (entries) => new Set(entries.map((entry) => entry.table_number)).size === entries.length,
      'Each notification list must be sent once.',
    ),
  truckers: z
    .array(SettingsTruckerInput)
    .max(500)
    .superRefine(eachIdOnce('Each trucker must be sent once.'))
    .optional(),
  warehouses: z
    .array(SettingsWarehouseInput)
    .max(500)
    .superRefine(eachIdOnce('Each warehouse must be sent once.'))
    .optional(),
  email: Email.optional(),
  password: z.string().min(PASSWORD_MIN_LENGTH, TEXTS.resetPasswordTooShort).max(1024).optional(),
  current_password: z.string().max(1024).optional(),
});
export type SettingsFormSaveRequest = z.infer<typeof SettingsFormSaveRequest>;

/** The fields only the Settings screen's body has. */
const SETTINGS_SCREEN_FIELDS = Object.keys(SettingsFormSaveRequest.shape).filter((field) => field !== 'warehouses');
const isSettingsScreenBody = (body: unknown) =>
  typeof body === 'object' && body !== null && SETTINGS_SCREEN_FIELDS.some((field) => field in body);

/**
 * The route's body: a body with a field only the Settings screen sends (`user_emails`, `truckers`,
 * `email` …) is the Settings screen's, any other the New Warehouse modal's. Chosen before
 * checking, so a refusal names the field of the reading meant (a plain union would only say that
 * neither matched): `truckers` sent without `user_emails` is refused naming `user_emails`.
 */
export const SaveSettingsRequest = z
  .unknown()
  .transform((body, context): SettingsFormSaveRequest | WarehousesSaveRequest => {
    const parsed = isSettingsScreenBody(body)
      ? SettingsFormSaveRequest.safeParse(body)
      : WarehousesSaveRequest.safeParse(body);
    if (parsed.success) return parsed.data;
    // Each issue as it is, so that a field the reading does not have is refused as one.
    for (const issue of parsed.error.issues) {
      // A field the reading does not have is named as its own field, as every call names one.
      const unknown = issue.code === 'unrecognized_keys' ? issue.keys : [];
      for (const key of unknown) {
        context.addIssue({ code: 'custom', message: UNKNOWN_CALL_FIELD_MESSAGE, path: [...issue.path, key] });
      }
      if (unknown.length === 0) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
export type SaveSettingsRequest = z.output<typeof SaveSettingsRequest>;

/**
 * Both readings: the company's truckers and warehouses afterwards, by id, so a warehouse just
 * created is the last; `messages` holds what the screen shows after a save that was made.
 */
export const SaveSettingsResponse = z.object({
  truckers: z.array(Trucker),
  warehouses: z.array(Warehouse),
  messages: z.array(z.string()),
});
export type SaveSettingsResponse = z.infer<typeof SaveSettingsResponse>;

/**
 * The company's "Demurrage and detention" list (docs/decisions/0031-demurrage-reminders.md), kept
 * apart from the spec's four so that GET user/settings and its `user_emails` keep the spec's
 * shape. Until the company sets it, it is the delivery list's recipient and copies
 * (`is_default` true). `reminder_days`: how many working days (Monday to Friday) before a last
 * free day the list is reminded.
 */
export const DEMURRAGE_REMINDER_DAYS = { min: 0, max: 10, byDefault: 2 } as const;

export const DEMURRAGE_ALERTS_TEXTS = {
  reminderDaysRange: `Enter a whole number of working days from ${DEMURRAGE_REMINDER_DAYS.min} to ${DEMURRAGE_REMINDER_DAYS.max}.`,
} as const;

export const DemurrageAlertsResponse = z.object({
  email: z.string(),
  cc_emails: z.array(z.string()),
  reminder_days: z.number().int(),
  is_default: z.boolean(),
});
export type DemurrageAlertsResponse = z.infer<typeof DemurrageAlertsResponse>;

/** The list and the working days, set together; any role but Shipments Info (403), as the four lists. */
export const SetDemurrageAlertsRequest = z.strictObject({
  email: EmailOrEmpty,
  cc_emails: CcEmails(CC_LIST_FULL),
  reminder_days: z
    .number(DEMURRAGE_ALERTS_TEXTS.reminderDaysRange)
    .int(DEMURRAGE_ALERTS_TEXTS.reminderDaysRange)
    .min(DEMURRAGE_REMINDER_DAYS.min, DEMURRAGE_ALERTS_TEXTS.reminderDaysRange)
    .max(DEMURRAGE_REMINDER_DAYS.max, DEMURRAGE_ALERTS_TEXTS.reminderDaysRange),
});
export type SetDemurrageAlertsRequest = z.infer<typeof SetDemurrageAlertsRequest>;
