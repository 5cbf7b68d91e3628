import { useState } from 'react';
import { TEXTS } from '@clearport/contract/texts';
import type { Warehouse } from '@clearport/contract/warehouses';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useSettings } from '../api/get-settings.ts';
import { WarehouseForm } from './warehouse-form.tsx';

type NewWarehouseModalProps = {
  onCreated: (warehouse: Warehouse) => void;
  onClose: () => void;
};

/**
 * Add New of the delivery order's warehouse dropdown: the New Warehouse form in a dialog, closed
 * and faded while the company's warehouses load. Closed over what was typed (Escape, a click beside
 * it, Cancel), it asks first; leaving the page does too.
 */
export function NewWarehouseModal({ onCreated, onClose }: NewWarehouseModalProps) {
  const settingsQuery = useSettings();
  const [hasInput, setHasInput] = useState(false);
  const close = () => {
    if (hasInput && !window.confirm(WEB_TEXTS.deliveryOrders.discardNewWarehouse)) return;
    onClose();
  };
  return (
    <FormModal title={TEXTS.warehouseFormTitle} isLoading={settingsQuery.isPending} onClose={close}>
      <WarehouseForm
        existing={settingsQuery.data?.user.warehouses ?? []}
        isLoading={settingsQuery.isPending}
        onCreated={onCreated}
        onCancel={close}
        onInputChange={setHasInput}
        leaveQuestion={WEB_TEXTS.deliveryOrders.discardNewWarehouse}
      />
    </FormModal>
  );
}
