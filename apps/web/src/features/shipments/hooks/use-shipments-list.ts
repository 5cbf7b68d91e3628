import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { SHIPMENTS_LIST } from '../utils/shipments-list.ts';
import { homeFilterOf, listQueryOf } from '../utils/shipments-query.ts';

/**
 * The list page's state: the saved filters, the Home filter of the address (`?filter=`), the
 * page and the order, and the query they make. A page belongs to the filters it was reached with:
 * any change of a filter, the Home filter included, or of the order starts again at page 1.
 */
export function useShipmentsList() {
  const [searchParams] = useSearchParams();
  const filter = homeFilterOf(searchParams);
  const list = useListState(SHIPMENTS_LIST, { scope: filter });
  const { filters, page, cursor, sort } = list;
  const query = useMemo(
    () => listQueryOf({ filters, filter, page, cursor, sort }),
    [filters, filter, page, cursor, sort],
  );
  return { ...list, filter, query };
}
