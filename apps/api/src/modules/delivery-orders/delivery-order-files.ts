import type { ActionDeps } from '../../lib/action.ts';

/** Where sent delivery orders are stored; each send makes a new key. */
export const DELIVERY_ORDERS_FOLDER = 'delivery-orders';

/** A file whose record is gone is unreachable; failing to remove it only takes space. */
export async function removeOrderFile(deps: Pick<ActionDeps, 'storage' | 'log'>, path: string): Promise<void> {
  try {
    await deps.storage.delete(path);
  } catch (error) {
    deps.log.warn({ err: error, path }, 'a delivery order left its file behind');
  }
}
