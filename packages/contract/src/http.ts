import { z } from 'zod';
import { EMAIL_PATTERN, isEmail } from './auth.ts';
import { TEXTS } from './texts.ts';

/** Every API path, relative to the API base `/api/`. Paths the spec leaves out are decided here. */
export const API_BASE = '/api';

export const API_PATHS = {
  login: '/user/login',
  logout: '/user/logout',
  profile: '/user/profile',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  notifications: '/user/get_notification',
  shipments: '/user/shipments',
  shipmentDetail: '/user/shipments/details/:id',
  fileIsf: '/user/shipments/:id/isf_no',
  uploadDocument: '/user/shipments/:id/upload_doc',
  deleteDocument: '/user/shipments/:id/delete_doc',
  setDocumentTypes: '/user/shipments/:id/set_type',
  unsetDocumentTypes: '/user/shipments/:id/unset_type',
  addNote: '/user/shipments/:id/add_comment',
  saveReference: '/user/shipments/:id/reference_no',
  skipDeliveryOrder: '/user/shipments/toggle-ignore',
  toggleReviewed: '/user/shipments/toggle-reviewed',
  deliveryOrders: '/user/shipments/:id/delivery_order',
  deliveryOrder: '/user/shipments/:id/delivery_order/:orderId',
  sendDeliveryOrder: '/user/shipments/:id/delivery_order/:orderId/send',
  /** The spec leaves the trucker save's prefix out; it sits with the other user calls. */
  createTrucker: '/user/trucker/save',
  invoices: '/user/invoices',
  invoice: '/user/invoices/:id',
  /** The CSV of what the list's filters select, every page (text/csv, an attachment). */
  invoicesCsv: '/user/invoices/export.csv',
  /** The invoice's PDF, inline; its backup file, as an attachment with its own type. */
  invoicePdf: '/user/invoices/:id/pdf',
  invoiceBackup: '/user/invoices/:id/backup',
  paymentInstructions: '/user/payment-instructions',
  settings: '/user/settings',
  saveSettings: '/user/settings/save',
  subusers: '/user/user/subusers',
  subuser: '/user/user/subusers/:id',
  accounts: '/user/user/accounts',
  /**
   * GET a stored file by its storage key (a document's `path`, `path_to_7501`, an invoice's
   * `path`/`backup`, a delivery order's `path`): build the URL with filePath(key). Served
   * through the access check with the bearer header (fetch → blob), never from a public
   * folder; a key of a record the caller may not see answers 404.
   */
  file: '/user/files/*',
} as const;

/** Fills `:name` segments of an API path. */
export function apiPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

/** API_PATHS.file for one storage key, relative to API_BASE like apiPath's result. */
export function filePath(key: string): string {
  return `/user/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The body of every error reply: a message for people, and the field when one is at fault. */
export const ErrorResponse = z.object({
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Ids are PostgreSQL integers: a larger number names nothing and is refused as bad input. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a path or query. */
export const Id = z.coerce.number().int().positive().max(MAX_ID);
export const IdParams = z.object({ id: Id });

/** A positive integer id inside a JSON body or reply (no coercion: JSON carries numbers). */
export const EntityId = z.number().int().positive().max(MAX_ID);

/**
 * A yes/no flag as the API writes it: 1 or 0. Replies use it for every stored flag
 * (is_paid, approved, submitted, is_master_bill_lading, 7501_reviewed, ...); the spec's
 * explicit booleans (documents_submitted[].submitted, toggle replies) stay booleans.
 */
export const Flag = z.literal([0, 1]);
export type Flag = z.infer<typeof Flag>;

export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** Paging of a list reply: `last_page` is at least 1, also for an empty list. */
export const Pagination = z.object({
  total: z.number().int().nonnegative(),
  last_page: z.number().int().positive(),
  current_page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
export type Pagination = z.infer<typeof Pagination>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** An e-mail address, at most 254 characters (RFC 5321). */
export const Email = z.string().trim().max(254).regex(EMAIL_PATTERN, TEXTS.emailInvalid);

/** An e-mail address or the empty string, for a recipient that is not set yet. */
export const EmailOrEmpty = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || isEmail(value), TEXTS.emailInvalid);
