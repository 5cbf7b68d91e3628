import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error.tsx';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { paths } from '../config/paths.ts';
import {
  redirectSignedIn,
  requireHome,
  requireNavItem,
  requirePrimaryUser,
  requireSession,
} from '../lib/route-guards.ts';

/**
 * Every route of the spec's route table (section 2). Each screen's code is fetched through the
 * route's `lazy`, so a page downloads only its own screen; the guards are plain loaders defined
 * here, so a redirect happens before any screen code is fetched. The signed-in layout provides the
 * query client its screens share. The shipments list's loader
 * also starts the list's and the profile's requests, and Home's its reply's, the notifications'
 * and the profile's, beside the screen's code rather than after it; a user's form waits for its
 * accounts and the user.
 */
export function createAppRoutes(loadQueryClient: QueryClientLoader): RouteObject[] {
  /** A module of the screen's requests and the query client, loaded side by side; the requests are not waited for. */
  const prefetch = <Module,>(module: Promise<Module>, start: (loaded: Module, queryClient: QueryClient) => unknown) =>
    void Promise.all([module, loadQueryClient()]).then(([loaded, queryClient]) => start(loaded, queryClient));
  // The rows wait for the profile (which accounts track documents), so it is asked for at once.
  const prefetchProfile = () =>
    prefetch(import('../features/auth/api/get-profile.ts'), ({ getProfileQueryOptions }, queryClient) =>
      queryClient.prefetchQuery(getProfileQueryOptions()),
    );
  const loadShipmentsList = async (args: LoaderFunctionArgs) => {
    await requireNavItem('shipments')(args);
    prefetch(import('../features/shipments/api/prefetch-shipments.ts'), ({ prefetchShipments }, queryClient) =>
      prefetchShipments(queryClient, new URL(args.request.url).searchParams),
    );
    prefetchProfile();
    return null;
  };

  const loadHome = async (args: LoaderFunctionArgs) => {
    await requireHome(args);
    prefetch(import('../features/shipments/api/prefetch-shipments.ts'), ({ prefetchHomeShipments }, queryClient) =>
      prefetchHomeShipments(queryClient),
    );
    // The banner above the counts is asked for beside the screen's code, so it is there when they are.
    prefetch(
      import('../features/notifications/api/get-notifications.ts'),
      ({ getNotificationsQueryOptions }, queryClient) => queryClient.prefetchQuery(getNotificationsQueryOptions()),
    );
    prefetchProfile();
    return null;
  };

  // The user's form is drawn once its accounts (and the user) are known: arriving later, they
  // pushed the fields below them down.
  const loadUser = async (args: LoaderFunctionArgs) => {
    await requireNavItem('users')(args);
    const [{ loadUserForm }, queryClient] = await Promise.all([
      import('../features/users/api/prefetch-user.ts'),
      loadQueryClient(),
    ]);
    await loadUserForm(queryClient, args.params.id ?? '');
    return null;
  };

  return [
    {
      hydrateFallbackElement: <LoadingScreen />,
      errorElement: <RouteError />,
      children: [
        {
          path: paths.login.path,
          loader: redirectSignedIn,
          lazy: async () => ({ Component: (await import('./routes/auth/login.tsx')).LoginRoute }),
        },
        {
          path: paths.forgotPassword.path,
          lazy: async () => ({ Component: (await import('./routes/auth/forgot-password.tsx')).ForgotPasswordRoute }),
        },
        {
          path: paths.resetPassword.path,
          lazy: async () => ({ Component: (await import('./routes/auth/reset-password.tsx')).ResetPasswordRoute }),
        },
        {
          loader: requireSession,
          lazy: async () => {
            const [{ AppRoot }, queryClient] = await Promise.all([import('./routes/app/root.tsx'), loadQueryClient()]);
            return { element: <AppRoot queryClient={queryClient} /> };
          },
          children: [
            {
              // Errors of a screen keep the navigation bar around them.
              errorElement: <RouteError isInLayout />,
              children: [
                {
                  index: true,
                  loader: loadHome,
                  lazy: async () => ({ Component: (await import('./routes/app/home.tsx')).HomeRoute }),
                },
                {
                  path: paths.shipments.path,
                  loader: loadShipmentsList,
                  lazy: async () => ({ Component: (await import('./routes/app/shipments.tsx')).ShipmentsRoute }),
                },
                {
                  path: paths.shipment.path,
                  loader: requireNavItem('shipments'),
                  lazy: async () => ({ Component: (await import('./routes/app/shipment.tsx')).ShipmentRoute }),
                },
                {
                  path: paths.billing.path,
                  loader: requireNavItem('billing'),
                  lazy: async () => ({ Component: (await import('./routes/app/billing.tsx')).BillingRoute }),
                },
                {
                  path: paths.invoice.path,
                  loader: requireNavItem('billing'),
                  lazy: async () => ({ Component: (await import('./routes/app/invoice.tsx')).InvoiceRoute }),
                },
                {
                  path: paths.users.path,
                  loader: requireNavItem('users'),
                  lazy: async () => ({ Component: (await import('./routes/app/users.tsx')).UsersRoute }),
                },
                {
                  path: paths.securityEvents.path,
                  loader: requirePrimaryUser,
                  lazy: async () => ({
                    Component: (await import('./routes/app/security-events.tsx')).SecurityEventsRoute,
                  }),
                },
                {
                  path: paths.user.path,
                  loader: loadUser,
                  lazy: async () => ({ Component: (await import('./routes/app/user.tsx')).UserRoute }),
                },
                {
                  path: paths.reports.path,
                  loader: requireNavItem('reports'),
                  lazy: async () => ({ Component: (await import('./routes/app/reports.tsx')).ReportsRoute }),
                },
                {
                  path: paths.settings.path,
                  loader: requireNavItem('settings'),
                  lazy: async () => ({ Component: (await import('./routes/app/settings.tsx')).SettingsRoute }),
                },
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
        },
      ],
    },
  ];
}

/** Gives the portal's one query client, the same on every call. */
export type QueryClientLoader = () => Promise<QueryClient>;

/**
 * The query client is made, with TanStack Query's code, the first time a signed-in route asks for
 * it: the signed-out pages do not download that code (decision 0043).
 */
function queryClientOnDemand(): QueryClientLoader {
  let client: Promise<QueryClient> | undefined;
  return () => (client ??= import('../lib/query-client.ts').then(({ createQueryClient }) => createQueryClient()));
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes(queryClientOnDemand())));
  return <RouterProvider router={router} />;
}
