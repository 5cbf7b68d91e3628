import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { paths } from '../../config/paths.ts';
import { COMMON_TEXTS } from '../../config/common-texts.ts';
import { Button } from '../ui/button.tsx';
import { ErrorPage } from './error-page.tsx';

/**
 * The router's error element (spec section 2: THERE HAS BEEN AN ERROR, TRY AGAIN!). It is part of
 * the main bundle, so it also shows when a screen's code cannot be downloaded.
 */
type RouteErrorProps = { isInLayout?: boolean };

export function RouteError({ isInLayout = false }: RouteErrorProps) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage
        message={SIGN_IN_TEXTS.notFound}
        isInLayout={isInLayout}
        actions={<Link to={paths.home.getHref()}>{COMMON_TEXTS.goHome}</Link>}
      />
    );
  }
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : undefined;
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return (
    <ErrorPage
      message={SIGN_IN_TEXTS.routeError}
      detail={detail}
      isInLayout={isInLayout}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{COMMON_TEXTS.tryAgain}</Button>
          <Link to={paths.home.getHref()}>{COMMON_TEXTS.goHome}</Link>
        </>
      }
    />
  );
}
