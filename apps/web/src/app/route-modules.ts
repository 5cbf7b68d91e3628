import { paths } from '../config/paths.ts';

const APP_ROOT = 'src/app/routes/app/root.tsx';
const inApp = (screen: string) => [APP_ROOT, `src/app/routes/app/${screen}.tsx`];

/**
 * The screen modules each route of router.tsx loads through its `lazy`, by route pattern (paths
 * relative to apps/web). The build (vite/route-preloads.ts) turns them into preload links, so a
 * page's own chunks download beside the entry instead of after it has run.
 */
export const ROUTE_MODULES: ReadonlyArray<readonly [pattern: string, modules: readonly string[]]> = [
  [paths.login.path, ['src/app/routes/auth/login.tsx']],
  [paths.forgotPassword.path, ['src/app/routes/auth/forgot-password.tsx']],
  [paths.resetPassword.path, ['src/app/routes/auth/reset-password.tsx']],
  [paths.home.path, inApp('home')],
  [paths.shipments.path, inApp('shipments')],
  [paths.shipment.path, inApp('shipment')],
  [paths.billing.path, inApp('billing')],
  [paths.invoice.path, inApp('invoice')],
  [paths.users.path, inApp('users')],
  [paths.securityEvents.path, inApp('security-events')],
  [paths.user.path, inApp('user')],
  [paths.reports.path, inApp('reports')],
  [paths.settings.path, inApp('settings')],
];
