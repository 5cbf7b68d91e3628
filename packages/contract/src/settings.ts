import { z } from 'zod';
import { MAX_CC_EMAILS, PASSWORD_MIN_LENGTH } from './constants.ts';
import { Email, EmailOrEmpty, EntityId } from './http.ts';
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
 * deleted, by id (oldest first).
 */
export const SettingsResponse = z.object({
  user: z.object({
    id: EntityId,
    email: z.string(),
    accounts: z.array(z.object({ account_no: z.string() })),
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
  cc_emails: z.array(Email).max(MAX_CC_EMAILS, CC_LIST_FULL),
});
export type NotificationEmailsInput = z.infer<typeof NotificationEmailsInput>;

/** A trucker on the Settings screen: with `id` an existing one, without a new one. */
export const SettingsTruckerInput = TruckerInput.extend({ id: EntityId.optional() });
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

/**
 * user/settings/save from the Settings screen. `user_emails` holds each list once. A `truckers`
 * or `warehouses` list, when sent, is the whole list: entries with an id are updated, without
 * one created, and the company's others deleted, except those used in a delivery order, which
 * stay and add TEXTS.truckersInUse or TEXTS.warehousesInUse to `messages`. `email` changes the
 * login e-mail; `password` is left out unless it changes.
 */
export const SettingsFormSaveRequest = z.object({
  user_emails: z
    .array(NotificationEmailsInput)
    .length(NOTIFICATION_LISTS.length)
    .refine(
      (entries) => new Set(entries.map((entry) => entry.table_number)).size === entries.length,
      'Each notification list must be sent once.',
    ),
  truckers: z.array(SettingsTruckerInput).max(500).optional(),
  warehouses: z.array(WarehouseInput).max(500).optional(),
  email: Email.optional(),
  password: z.string().min(PASSWORD_MIN_LENGTH, TEXTS.resetPasswordTooShort).max(1024).optional(),
});
export type SettingsFormSaveRequest = z.infer<typeof SettingsFormSaveRequest>;

/**
 * The route's body: a body with `user_emails` is the Settings screen's, any other the New
 * Warehouse modal's. The server reads the modal's body only so far (WarehousesSaveRequest); the
 * Settings screen's reading is refused with 400 until the Settings screen is built.
 */
export const SettingsSaveRequest = z.union([SettingsFormSaveRequest, WarehousesSaveRequest]);
export type SettingsSaveRequest = z.infer<typeof SettingsSaveRequest>;

/**
 * Both readings: the company's truckers and warehouses afterwards, by id, so a warehouse just
 * created is the last; `messages` holds the in-use texts, empty when every change was made.
 */
export const SettingsSaveResponse = z.object({
  truckers: z.array(Trucker),
  warehouses: z.array(Warehouse),
  messages: z.array(z.string()),
});
export type SettingsSaveResponse = z.infer<typeof SettingsSaveResponse>;
