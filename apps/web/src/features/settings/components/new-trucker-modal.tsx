import { useState } from 'react';
import type { Trucker } from '@clearport/contract/truckers';
import { TEXTS } from '@clearport/contract/texts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { TruckerForm } from './trucker-form.tsx';

type NewTruckerModalProps = {
  onCreated: (trucker: Trucker) => void;
  onClose: () => void;
};

/**
 * Add New of the delivery order's trucker dropdown: the New Trucker form in a dialog. Closed over
 * what was typed (Escape, a click beside it, Cancel), it asks first; leaving the page does too.
 */
export function NewTruckerModal({ onCreated, onClose }: NewTruckerModalProps) {
  const [hasInput, setHasInput] = useState(false);
  const close = () => {
    if (hasInput && !window.confirm(WEB_TEXTS.deliveryOrders.discardNewTrucker)) return;
    onClose();
  };
  return (
    <FormModal title={TEXTS.truckerFormTitle} onClose={close}>
      <TruckerForm
        onCreated={onCreated}
        onCancel={close}
        onInputChange={setHasInput}
        leaveQuestion={WEB_TEXTS.deliveryOrders.discardNewTrucker}
      />
    </FormModal>
  );
}
