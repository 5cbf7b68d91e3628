import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import styles from './dashboard-box.module.css';

type DashboardBoxProps = {
  /** Where the box leads; the shipments list when none is given (spec section 2, Home). */
  link?: string;
  /** Undefined while the number is loading. */
  number: number | undefined;
  text: string;
  /** A line under the text (Home's approval box: the duty awaiting). */
  detail?: string | undefined;
};

/** A Home box: a number and a text, as one link. */
export function DashboardBox({ link = paths.shipments.getHref(), number, text, detail }: DashboardBoxProps) {
  return (
    <Link to={link} className={styles.box} aria-busy={number === undefined || undefined}>
      <span className={styles.number}>{number ?? '–'}</span> <span className={styles.text}>{text}</span>
      {detail && <span className={styles.detail}>{detail}</span>}
    </Link>
  );
}
