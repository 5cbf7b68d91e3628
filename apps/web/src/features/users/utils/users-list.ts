import type { SubuserSortField, SubusersQuery } from '@clearport/contract/subusers';
import { unsavedList, type ListSort, type ListState } from '../../../components/ui/list-state.ts';

export type UsersSort = ListSort<SubuserSortField>;
/** The search text, and the position chosen (a role, or ALL_POSITIONS). */
export type UsersFilters = { search: string; position: number };

/** 0 stands for All Users: the select needs a value, the query leaves the filter out. */
export const ALL_POSITIONS = 0;

/** The users list opens afresh each time, every user by name. */
export const USERS_LIST = unsavedList<UsersFilters, UsersSort>({
  filters: { search: '', position: ALL_POSITIONS },
  sort: { field: 'name', direction: 'asc' },
});

export function usersQueryOf({ filters, sort, page }: ListState<UsersFilters, UsersSort>): Partial<SubusersQuery> {
  return {
    page,
    search: filters.search.trim() || undefined,
    filter: filters.position === ALL_POSITIONS ? undefined : (filters.position as SubusersQuery['filter']),
    field: sort.field,
    order_by: sort.direction,
  };
}
