import { fillText } from '@clearport/contract/texts';
import { COMMON_TEXTS } from '../config/common-texts.ts';

const UNNAMED = { trucker: COMMON_TEXTS.unnamedTrucker, warehouse: COMMON_TEXTS.unnamedWarehouse } as const;

export type EntryKind = keyof typeof UNNAMED;

/**
 * A trucker's or warehouse's name as a list or a title shows it: one saved without a name (the New
 * Warehouse form requires none, spec section 5) by its kind and id, never as a blank.
 */
export function entryName(entry: { id: number; name: string }, kind: EntryKind): string {
  return entry.name.trim() || fillText(UNNAMED[kind], { id: String(entry.id) });
}
