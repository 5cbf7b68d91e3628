/** Rules of the Settings screen's save, as plain functions (tested in settings.rules.test.ts). */

/** How the delivery orders use one trucker or warehouse. */
export type Usage = { unsentOrders: number; sentOrders: number };

/** What becomes of a trucker or warehouse left out of the Settings screen's whole list. */
export type Removal = 'refuse' | 'markDeleted' | 'remove';

/**
 * One an unsent order names must stay (the order would lose it before it is sent); one named
 * only by sent orders is kept as deleted, so those orders still show it with (Deleted); one no
 * order names is removed.
 */
export function removalOf(usage: Usage): Removal {
  if (usage.unsentOrders > 0) return 'refuse';
  if (usage.sentOrders > 0) return 'markDeleted';
  return 'remove';
}

/** The ids of the company's list that the sent whole list leaves out. */
export function leftOut(existingIds: readonly number[], sent: ReadonlyArray<{ id?: number }>): number[] {
  const kept = new Set(sent.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])));
  return existingIds.filter((id) => !kept.has(id));
}

/** The first entry whose id is not one of the company's (not deleted) ones, or -1. */
export function unknownEntry(sent: ReadonlyArray<{ id?: number }>, existingIds: readonly number[]): number {
  const existing = new Set(existingIds);
  return sent.findIndex((entry) => entry.id !== undefined && !existing.has(entry.id));
}

/** Whether the save changes the login e-mail (case aside, it is the same address). */
export function isEmailChange(currentEmail: string, email: string | undefined): boolean {
  return email !== undefined && email.trim().toLowerCase() !== currentEmail.toLowerCase();
}

/**
 * A changed e-mail or password needs the current password: a session alone (a stolen token, a
 * computer left unlocked) must not be enough to take the account over.
 */
export function needsCurrentPassword(currentEmail: string, body: { email?: string; password?: string }): boolean {
  return isEmailChange(currentEmail, body.email) || body.password !== undefined;
}
