import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';

/** shown/total, where shown = min(40 × page, total) (spec section 9). */
export function pagerText(page: number, total: number): string {
  return `${Math.min(SHIPMENTS_PAGE_SIZE * page, total)}/${total}`;
}
