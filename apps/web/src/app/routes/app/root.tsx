import { Outlet, useNavigate, useNavigation } from 'react-router';
import { LeavePromptBoundary } from '../../../components/layouts/leave-prompt-boundary.tsx';
import { MainLayout } from '../../../components/layouts/main-layout.tsx';
import { LoadingPage } from '../../../components/ui/loading-page.tsx';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { useDelayedFlag } from '../../../hooks/use-delayed-flag.ts';
import { readSession } from '../../../lib/session.ts';

/** A quick screen change keeps the old page; a slow one shows the Loading... page. */
const LOADING_PAGE_DELAY_MS = 300;

/** The layout route: every page of the signed-in portal renders inside it. */
export function AppRoot() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const session = readSession();
  const logoutMutation = useLogout({ onSettled: () => navigate(paths.login.getHref(), { replace: true }) });
  const isNavigating = navigation.state === 'loading';
  const isSlowNavigation = useDelayedFlag(isNavigating, LOADING_PAGE_DELAY_MS);

  return (
    <MainLayout
      role={session?.role ?? null}
      onLogout={() => logoutMutation.mutate()}
      isLoggingOut={logoutMutation.isPending}
      isNavigating={isNavigating}
    >
      <LeavePromptBoundary>{isSlowNavigation ? <LoadingPage /> : <Outlet />}</LeavePromptBoundary>
    </MainLayout>
  );
}
