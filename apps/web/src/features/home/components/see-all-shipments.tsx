import { Link } from 'react-router';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { fillText } from '@clearport/contract/texts';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './see-all-shipments.module.css';

/**
 * Under Home's table, which holds the first page of the shipments its filters find: when that
 * page is full there are more, and the list (which keeps the same filters) pages through them all.
 */
export function SeeAllShipments({ shown }: { shown: number }) {
  if (shown < SHIPMENTS_PAGE_SIZE) return null;
  return (
    <p className={styles.more}>
      {fillText(WEB_TEXTS.home.firstShipments, { count: String(SHIPMENTS_PAGE_SIZE) })}{' '}
      <Link to={paths.shipments.getHref()}>{WEB_TEXTS.home.seeAllShipments}</Link>
    </p>
  );
}
