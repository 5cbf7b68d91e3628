import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { WEB_TEXTS } from '../../config/texts.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { Logo } from './logo.tsx';
import styles from './page-header.module.css';

export type Breadcrumb = {
  link: string;
  title: string;
  /** Runs before the link is followed, such as Home clearing the list's filters. */
  onClick?: () => void;
};

type PageHeaderProps = {
  title: ReactNode;
  /** A record's number after the title, such as a file number: broken only where it fits no line. */
  number?: string;
  /** The browser tab's title; the header's title (and number) when that is a text. */
  documentTitle?: string;
  breadcrumbs?: Breadcrumb[];
  /** Content on the header's right: actions, filters, a back button. */
  extra?: ReactNode;
};

/** The header every page has (spec section 2): logo, title, optional breadcrumbs and extra content. */
export function PageHeader({ title, number, documentTitle, breadcrumbs = [], extra }: PageHeaderProps) {
  const { pathname } = useLocation();
  const textTitle = typeof title === 'string' ? [title, number].filter(Boolean).join(' ') : '';
  useDocumentTitle(documentTitle ?? textTitle);
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        <Logo size={44} />
        <div className={styles.titles}>
          {breadcrumbs.length > 0 && (
            <nav aria-label={WEB_TEXTS.layout.breadcrumb} className={styles.breadcrumbs}>
              <ol>
                {breadcrumbs.map((crumb) => (
                  <li key={crumb.link}>
                    <Link
                      to={crumb.link}
                      onClick={crumb.onClick}
                      aria-current={crumb.link === pathname ? 'page' : undefined}
                    >
                      {crumb.title}
                    </Link>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <h1 className={styles.title}>
            {title}
            {number !== undefined && (
              <>
                {' '}
                <span className={styles.number}>{number}</span>
              </>
            )}
          </h1>
        </div>
      </div>
      {extra !== undefined && <div className={styles.extra}>{extra}</div>}
    </header>
  );
}
