import { Link } from 'react-router';
import { TEXTS } from '@clearport/contract/texts';
import { ErrorPage } from '../../components/errors/error-page.tsx';
import { paths } from '../../config/paths.ts';
import { COMMON_TEXTS } from '../../config/common-texts.ts';

export function NotFoundRoute() {
  return <ErrorPage message={TEXTS.notFound} actions={<Link to={paths.home.getHref()}>{COMMON_TEXTS.goHome}</Link>} />;
}
