import { isActive } from '@clearport/contract/constants';
import { TEXTS } from '@clearport/contract/texts';
import type { Trucker } from '@clearport/contract/truckers';
import type { SelectOption } from '../../../components/ui/select-field.tsx';
import { entryName, type EntryKind } from '../../../lib/entry-name.ts';

/** The value of the Add New option: ids are positive, so it names no trucker or warehouse. */
export const ADD_NEW = 0;

type Entry = Pick<Trucker, 'id' | 'name' | 'status' | 'deleted_at'>;

/**
 * A dropdown of the editor (spec section 4): the active truckers or warehouses, the order's own
 * one when it is no longer active (with (Deleted) once deleted), then Add New.
 */
export function dropdownOptions(
  entries: readonly Entry[],
  own: Entry | undefined,
  kind: EntryKind,
): SelectOption<number>[] {
  const options = entries.filter(isActive).map((entry) => ({ label: entryName(entry, kind), value: entry.id }));
  if (own && !options.some((option) => option.value === own.id)) {
    const name = entryName(own, kind);
    options.push({ label: own.deleted_at ? `${name} ${TEXTS.deletedLabel}` : name, value: own.id });
  }
  return [...options, { label: TEXTS.addNewOption, value: ADD_NEW }];
}
