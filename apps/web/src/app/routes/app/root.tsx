import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import type { ProfileResponse } from '@clearport/contract/auth';
import { IdleWarning } from '../../../components/layouts/idle-warning.tsx';
import { LeavePromptBoundary } from '../../../components/layouts/leave-prompt-boundary.tsx';
import { MainLayout } from '../../../components/layouts/main-layout.tsx';
import { OtherUserDialog } from '../../../features/auth/components/other-user-dialog.tsx';
import { SessionEndedDialog } from '../../../features/auth/components/session-ended-dialog.tsx';
import { LoadingPage } from '../../../components/ui/loading-page.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../features/auth/api/get-profile.ts';
import { getSession } from '../../../features/auth/api/get-session.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { useDelayedFlag } from '../../../hooks/use-delayed-flag.ts';
import { readSession } from '../../../lib/session.ts';

/** A quick screen change keeps the old page; a slow one shows the Loading... page. */
const LOADING_PAGE_DELAY_MS = 300;

const idleMinutesOf = (profile: ProfileResponse) => profile.session_idle_minutes;

/** The layout route: every page of the signed-in portal renders inside it, with the idle warning. */
export function AppRoot({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInLayout />
    </QueryClientProvider>
  );
}

function SignedInLayout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const session = readSession();
  const logoutMutation = useLogout({ onSettled: () => navigate(paths.login.getHref(), { replace: true }) });
  const isNavigating = navigation.state === 'loading';
  const isSlowNavigation = useDelayedFlag(isNavigating, LOADING_PAGE_DELAY_MS);
  const idleMinutes = useProfile({ select: idleMinutesOf }).data;

  return (
    <MainLayout
      role={session?.role ?? null}
      onLogout={() => logoutMutation.mutate()}
      isLoggingOut={logoutMutation.isPending}
      isNavigating={isNavigating}
    >
      <LeavePromptBoundary>{isSlowNavigation ? <LoadingPage /> : <Outlet />}</LeavePromptBoundary>
      <IdleWarning idleMinutes={idleMinutes} onStay={getSession} />
      <SessionEndedDialog />
      <OtherUserDialog />
    </MainLayout>
  );
}
