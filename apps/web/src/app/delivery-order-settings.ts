import type { DeliveryOrderSettings } from '../features/delivery-orders/components/delivery-order-editor.tsx';
import { getSettingsQueryOptions } from '../features/settings/api/get-settings.ts';
import { NewTruckerModal } from '../features/settings/components/new-trucker-modal.tsx';
import { NewWarehouseModal } from '../features/settings/components/new-warehouse-modal.tsx';

/** The delivery order editor's dropdowns read the settings feature's query and open its forms. */
export const DELIVERY_ORDER_SETTINGS: DeliveryOrderSettings = {
  queryOptions: getSettingsQueryOptions,
  TruckerDialog: NewTruckerModal,
  WarehouseDialog: NewWarehouseModal,
};
