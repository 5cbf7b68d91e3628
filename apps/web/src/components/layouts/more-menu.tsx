import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { WEB_TEXTS } from '../../config/texts.ts';
import { MoreIcon } from '../ui/icons.tsx';
import type { NavLinkItem } from './nav-items.ts';
import layoutStyles from './main-layout.module.css';
import styles from './more-menu.module.css';

type MoreMenuProps = {
  links: NavLinkItem[];
};

/**
 * The links that do not fit a narrow window, behind a More button. A disclosure of links rather
 * than an ARIA menu, since its items navigate (https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/).
 * Escape closes it and returns focus to the button; so does leaving it with Tab or a click elsewhere.
 */
export function MoreMenu({ links }: MoreMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const popupId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const isActive = links.some((link) => pathname === link.href || pathname.startsWith(`${link.href}/`));

  const linkElements = () => Array.from(popupRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  useEffect(() => {
    if (!isOpen) return;
    linkElements()[0]?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [isOpen]);

  const close = ({ returnFocus }: { returnFocus: boolean }) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close({ returnFocus: true });
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = linkElements();
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(current + step + items.length) % items.length]?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    if (isOpen && !wrapperRef.current?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
  };

  return (
    <div ref={wrapperRef} className={styles.wrapper} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={layoutStyles.navButton}
        aria-expanded={isOpen}
        aria-controls={popupId}
        data-active={isActive}
        onClick={() => setIsOpen((open) => !open)}
      >
        <MoreIcon />
        <span>{WEB_TEXTS.layout.navMore}</span>
      </button>
      <div ref={popupRef} id={popupId} className={styles.popup} hidden={!isOpen}>
        <ul className={styles.list}>
          {links.map(({ item, label, href, Icon }) => (
            <li key={item}>
              <NavLink to={href} className={styles.item} onClick={() => close({ returnFocus: false })}>
                <Icon size={20} />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
