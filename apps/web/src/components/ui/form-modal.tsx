import { useId, type ReactNode } from 'react';
import { FormAccordion } from './form-accordion.tsx';
import { Modal } from './modal.tsx';

type FormModalProps = {
  /** The accordion's header, which names the dialog. */
  title: string;
  /** While the data the form needs loads: closed and faded. */
  isLoading?: boolean;
  onClose: () => void;
  /** The form, which calls `onClose` from its Cancel. */
  children: ReactNode;
};

/** A form in a dialog, under its accordion (spec section 2's Add New modals). */
export function FormModal({ title, isLoading = false, onClose, children }: FormModalProps) {
  const headingId = useId();
  return (
    <Modal labelledBy={headingId} onClose={onClose}>
      <FormAccordion headingId={headingId} title={title} isDisabled={isLoading}>
        {children}
      </FormAccordion>
    </Modal>
  );
}
