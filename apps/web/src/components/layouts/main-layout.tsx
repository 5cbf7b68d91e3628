import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { navItemsFor } from '@clearport/contract/roles';
import { WEB_TEXTS } from '../../config/texts.ts';
import { useFocusAfterChange } from '../../hooks/use-focus-after-change.ts';
import { useFocusKept } from '../../hooks/use-focus-kept.ts';
import { useIsNarrowLayout } from '../../hooks/use-media-query.ts';
import { LogoutIcon } from '../ui/icons.tsx';
import { MoreMenu } from './more-menu.tsx';
import { COLLAPSIBLE_NAV_ITEMS, NAV_LINKS } from './nav-items.ts';
import styles from './main-layout.module.css';

type MainLayoutProps = {
  /** The signed-in user's role; it decides the links (spec section 6). */
  role: number | null;
  onLogout: () => void;
  isLoggingOut?: boolean;
  /** Shows a progress bar while the next screen loads. */
  isNavigating?: boolean;
  children: ReactNode;
};

const MAIN_CONTENT_ID = 'main-content';

/**
 * After a move to another page, a focus the move lost (the link that took it gone with the phone's
 * More menu, a button of the page left) goes to the new page's heading, which a screen reader then
 * reads; a focus still on the page (a nav link, or what the new page focused itself) stays.
 */
function pageHeading(): HTMLElement | null {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const heading = main?.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading ?? main;
}

const mainContent = () => document.getElementById(MAIN_CONTENT_ID);

/** The left navigation bar and the page beside it (spec section 2, main layout). */
export function MainLayout({ role, onLogout, isLoggingOut = false, isNavigating = false, children }: MainLayoutProps) {
  const isNarrow = useIsNarrowLayout();
  useFocusAfterChange(useLocation().pathname, pageHeading);
  useFocusKept(mainContent, pageHeading);
  const links = navItemsFor(role ?? 0).map((item) => NAV_LINKS[item]);
  const barLinks = isNarrow ? links.filter((link) => !COLLAPSIBLE_NAV_ITEMS.includes(link.item)) : links;
  const moreLinks = isNarrow ? links.filter((link) => COLLAPSIBLE_NAV_ITEMS.includes(link.item)) : [];
  const labelClass = isNarrow ? 'visually-hidden' : undefined;

  return (
    <div className={styles.shell}>
      <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink}>
        {WEB_TEXTS.layout.skipToContent}
      </a>
      {isNavigating && <div className={styles.progress} role="progressbar" aria-label={WEB_TEXTS.layout.loadingPage} />}
      <nav
        aria-label={WEB_TEXTS.layout.navMain}
        className={[styles.sidebar, isNarrow ? styles.narrow : ''].filter(Boolean).join(' ')}
      >
        <ul className={styles.list}>
          {barLinks.map(({ item, label, href, Icon }) => (
            <li key={item}>
              <NavLink
                to={href}
                end={item === 'home'}
                // Home on Home is a new arrival too, which clears its filters (a link to the page
                // itself would otherwise replace the address and keep them).
                replace={item === 'home' ? false : undefined}
                className={styles.link}
                title={isNarrow ? label : undefined}
              >
                <Icon />
                <span className={labelClass}>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
        {moreLinks.length > 0 && <MoreMenu links={moreLinks} />}
        <div className={styles.spacer} />
        <button
          type="button"
          className={styles.navButton}
          onClick={isLoggingOut ? undefined : onLogout}
          aria-disabled={isLoggingOut || undefined}
          title={isNarrow ? WEB_TEXTS.layout.logout : undefined}
        >
          <LogoutIcon />
          <span className={labelClass}>{WEB_TEXTS.layout.logout}</span>
        </button>
      </nav>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
        {children}
      </main>
    </div>
  );
}
