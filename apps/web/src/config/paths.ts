import type { PaymentStatus } from '@clearport/contract/invoices';
import type { BoxFilter } from '@clearport/contract/shipments';

/** The shipments list's optional query parameter: the Home box it was opened from (spec section 2, the 7501 approval's box and Possible Charges). */
export const SHIPMENTS_FILTER_PARAM = 'filter';

/** Every route of the portal (spec section 2), in one place. `path` is the route pattern, `getHref` builds a link. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  shipments: {
    path: '/shipments',
    getHref: (filter?: BoxFilter) =>
      filter ? `/shipments?${new URLSearchParams({ [SHIPMENTS_FILTER_PARAM]: filter })}` : '/shipments',
  },
  shipment: { path: '/shipments/:id', getHref: (id: string | number) => `/shipments/${encodeURIComponent(id)}` },
  billing: {
    path: '/billing',
    /** With an account and a payment status, the list opens filtered by them (the reports link so). */
    getHref: (filters?: { account?: string | undefined; payment_status?: PaymentStatus }) => {
      const search = new URLSearchParams(
        Object.entries(filters ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ).toString();
      return search ? `/billing?${search}` : '/billing';
    },
  },
  invoice: { path: '/billing/:id', getHref: (id: string | number) => `/billing/${encodeURIComponent(id)}` },
  users: { path: '/users', getHref: () => '/users' },
  /** The primary user's Security events, linked from Users (the spec's navigation has no link of its own). */
  securityEvents: { path: '/users/security-events', getHref: () => '/users/security-events' },
  user: { path: '/users/:id', getHref: (id: string | number) => `/users/${encodeURIComponent(id)}` },
  reports: { path: '/reports', getHref: () => '/reports' },
  settings: { path: '/settings', getHref: () => '/settings' },
  login: {
    path: '/login',
    /** `next`: the page to open after the login (a deep link opened signed out). */
    getHref: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password/:token',
    getHref: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  },
} as const;

/** The sub-user editor's id for creating a user (spec section 2). */
export const NEW_USER_ID = 'new-user';
