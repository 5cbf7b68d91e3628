/** Roles and what each may see (spec section 6). */
export const ROLES = {
  primary: 3,
  manager: 4,
  user: 5,
  shipmentsInfo: 11,
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

export const ROLE_VALUES = Object.values(ROLES) as Role[];
export const SUBUSER_ROLES = [ROLES.manager, ROLES.user, ROLES.shipmentsInfo] as const;

const ROLE_NAMES: Record<number, string> = {
  [ROLES.primary]: 'Primary',
  [ROLES.manager]: 'Manager',
  [ROLES.user]: 'User',
  [ROLES.shipmentsInfo]: 'Shipments Info',
};

export function roleName(role: number): string {
  return ROLE_NAMES[role] ?? 'Not defined';
}

/** The user list's position filter, in the spec's order. */
export const POSITION_FILTER_OPTIONS = [
  { label: 'All Users', value: null },
  { label: 'Primary', value: ROLES.primary },
  { label: 'User', value: ROLES.user },
  { label: 'Managers', value: ROLES.manager },
  { label: 'Shipments Info', value: ROLES.shipmentsInfo },
] as const;

export const NAV_ITEMS = ['home', 'shipments', 'billing', 'users', 'reports', 'settings'] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

/** Role 5 has no Users link; role 11 sees only Shipments; any other role the full navigation. */
export function navItemsFor(role: number): NavItem[] {
  if (role === ROLES.shipmentsInfo) return ['shipments'];
  if (role === ROLES.user) return NAV_ITEMS.filter((item) => item !== 'users');
  return [...NAV_ITEMS];
}

/** The route a role lands on after login. */
export function homePathFor(role: number): '/' | '/shipments' {
  return role === ROLES.shipmentsInfo ? '/shipments' : '/';
}

export function isReadOnly(role: number): boolean {
  return role === ROLES.shipmentsInfo;
}

export function canManageUsers(role: number): boolean {
  return role === ROLES.primary || role === ROLES.manager;
}

/**
 * Who changes the company's notification lists (the four, and demurrage and detention) and its
 * existing truckers and warehouses: the people who manage its users (docs/decisions/0036). Role
 * 5 sees them read-only, and adds a trucker or warehouse that its delivery order needs.
 */
export function canEditCompanyLists(role: number): boolean {
  return canManageUsers(role);
}
