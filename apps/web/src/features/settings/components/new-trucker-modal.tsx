import type { Trucker } from '@clearport/contract/truckers';
import { TEXTS } from '@clearport/contract/texts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { TruckerForm } from './trucker-form.tsx';

type NewTruckerModalProps = {
  onCreated: (trucker: Trucker) => void;
  onClose: () => void;
};

/** Add New of the delivery order's trucker dropdown: the New Trucker form in a dialog. */
export function NewTruckerModal({ onCreated, onClose }: NewTruckerModalProps) {
  return (
    <FormModal title={TEXTS.truckerFormTitle} onClose={onClose}>
      <TruckerForm onCreated={onCreated} onCancel={onClose} />
    </FormModal>
  );
}
