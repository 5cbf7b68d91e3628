import { Link } from 'react-router';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { ErrorPage } from '../../components/errors/error-page.tsx';
import { paths } from '../../config/paths.ts';
import { COMMON_TEXTS } from '../../config/common-texts.ts';

export function NotFoundRoute() {
  return (
    <ErrorPage
      message={SIGN_IN_TEXTS.notFound}
      actions={<Link to={paths.home.getHref()}>{COMMON_TEXTS.goHome}</Link>}
    />
  );
}
