import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './icon-tooltip.module.css';

type IconTooltipProps = {
  /** The icon's accessible name. */
  label: string;
  icon: ReactNode;
  /** The tooltip; it also describes the icon to assistive technology. */
  children: ReactNode;
  className?: string;
};

/**
 * An icon that shows a tooltip on hover and on keyboard focus, and hides it on Escape
 * (https://www.w3.org/WAI/ARIA/apg/patterns/tooltip/). The icon is a button so that keyboard users reach it.
 */
export function IconTooltip({ label, icon, children, className }: IconTooltipProps) {
  const [isOpen, setIsOpen] = useState(false);
  const tooltipId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
    }
  };
  return (
    <span className={styles.wrapper} onMouseEnter={() => setIsOpen(true)} onMouseLeave={() => setIsOpen(false)}>
      <button
        type="button"
        aria-label={label}
        aria-describedby={tooltipId}
        className={[styles.trigger, className ?? ''].filter(Boolean).join(' ')}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        onClick={() => setIsOpen(true)}
        onKeyDown={onKeyDown}
      >
        {icon}
      </button>
      <span role="tooltip" id={tooltipId} className={styles.tooltip} hidden={!isOpen}>
        {children}
      </span>
    </span>
  );
}
