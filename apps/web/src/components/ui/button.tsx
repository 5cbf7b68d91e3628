import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import styles from './button.module.css';

type ButtonProps = ComponentPropsWithoutRef<'button'> & {
  variant?: 'primary' | 'secondary';
  isFullWidth?: boolean;
  /**
   * While the button's action runs: it takes no click and says so (aria-disabled), yet keeps the
   * focus, which a disabled button would drop to the page's start.
   */
  isPending?: boolean;
};

const refuseClick = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

export function Button({
  variant = 'primary',
  isFullWidth = false,
  isPending = false,
  className,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  const classes = [styles.button, styles[variant], isFullWidth ? styles.fullWidth : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (isPending) {
    return <button type={type} className={classes} {...props} aria-disabled onClick={refuseClick} />;
  }
  return <button type={type} className={classes} onClick={onClick} {...props} />;
}
