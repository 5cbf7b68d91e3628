import { TEXTS } from '@clearport/contract/texts';
import type { Warehouse } from '@clearport/contract/warehouses';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { useSettings } from '../api/get-settings.ts';
import { WarehouseForm } from './warehouse-form.tsx';

type NewWarehouseModalProps = {
  onCreated: (warehouse: Warehouse) => void;
  onClose: () => void;
};

/**
 * Add New of the delivery order's warehouse dropdown: the New Warehouse form in a dialog, closed
 * and faded while the company's warehouses load.
 */
export function NewWarehouseModal({ onCreated, onClose }: NewWarehouseModalProps) {
  const settingsQuery = useSettings();
  return (
    <FormModal title={TEXTS.warehouseFormTitle} isLoading={settingsQuery.isPending} onClose={onClose}>
      <WarehouseForm
        existing={settingsQuery.data?.user.warehouses ?? []}
        isLoading={settingsQuery.isPending}
        onCreated={onCreated}
        onCancel={onClose}
      />
    </FormModal>
  );
}
