import type { ComponentType } from 'react';
import type { NavItem } from '@clearport/contract/roles';
import { paths } from '../../config/paths.ts';
import { WEB_TEXTS } from '../../config/texts.ts';
import { BillingIcon, HomeIcon, ReportsIcon, SettingsIcon, ShipmentsIcon, UsersIcon } from '../ui/icons.tsx';

export type NavLinkItem = {
  item: NavItem;
  label: string;
  href: string;
  Icon: ComponentType<{ size?: number }>;
};

/** The navigation bar's links, in the spec's order (spec section 2, main layout). */
export const NAV_LINKS: Record<NavItem, NavLinkItem> = {
  home: { item: 'home', label: WEB_TEXTS.layout.navHome, href: paths.home.getHref(), Icon: HomeIcon },
  shipments: {
    item: 'shipments',
    label: WEB_TEXTS.layout.navShipments,
    href: paths.shipments.getHref(),
    Icon: ShipmentsIcon,
  },
  billing: { item: 'billing', label: WEB_TEXTS.layout.navBilling, href: paths.billing.getHref(), Icon: BillingIcon },
  users: { item: 'users', label: WEB_TEXTS.layout.navUsers, href: paths.users.getHref(), Icon: UsersIcon },
  reports: { item: 'reports', label: WEB_TEXTS.layout.navReports, href: paths.reports.getHref(), Icon: ReportsIcon },
  settings: {
    item: 'settings',
    label: WEB_TEXTS.layout.navSettings,
    href: paths.settings.getHref(),
    Icon: SettingsIcon,
  },
};

/** Below the narrow breakpoint these move into the More pop-up menu. */
export const COLLAPSIBLE_NAV_ITEMS: readonly NavItem[] = ['users', 'reports', 'settings'];
