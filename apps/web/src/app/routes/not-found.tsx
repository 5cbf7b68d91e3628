import { Link } from 'react-router';
import { TEXTS } from '@clearport/contract/texts';
import { ErrorPage } from '../../components/errors/error-page.tsx';
import { paths } from '../../config/paths.ts';
import { WEB_TEXTS } from '../../config/texts.ts';

export function NotFoundRoute() {
  return (
    <ErrorPage message={TEXTS.notFound} actions={<Link to={paths.home.getHref()}>{WEB_TEXTS.common.goHome}</Link>} />
  );
}
