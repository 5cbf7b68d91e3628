import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { FormAccordion } from './form-accordion.tsx';
import styles from './delivery-order-forms.module.css';

type FormModalProps = {
  /** The accordion's header, which names the dialog. */
  title: string;
  /** While the data the form needs loads: closed, faded, and it does not submit. */
  isLoading?: boolean;
  isSubmitting: boolean;
  submitLabel: string;
  /** Shown above the buttons; empty for none. */
  failure: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
};

/** An Add New form in a dialog: its accordion, its fields, the failure, submit and Cancel. */
export function FormModal({
  title,
  isLoading = false,
  isSubmitting,
  submitLabel,
  failure,
  onSubmit,
  onClose,
  children,
}: FormModalProps) {
  const headingId = useId();
  return (
    <Modal labelledBy={headingId} onClose={onClose}>
      <FormAccordion headingId={headingId} title={title} isDisabled={isLoading}>
        <form className={styles.modalForm} onSubmit={onSubmit} noValidate>
          {children}
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <div className={styles.actions}>
            <Button type="submit" disabled={isSubmitting || isLoading}>
              {submitLabel}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {WEB_TEXTS.cancel}
            </Button>
          </div>
        </form>
      </FormAccordion>
    </Modal>
  );
}
