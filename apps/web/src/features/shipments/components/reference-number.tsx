import { useState, type FormEvent } from 'react';
import { REFERENCE_MAX_LENGTH } from '@clearport/contract/constants';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { useSaveReference } from '../api/save-reference.ts';
import styles from './reference-number.module.css';

type ReferenceNumberProps = {
  shipmentId: number;
  /** The saved reference number. */
  reference: string;
};

/**
 * The customer reference with Save, enabled only with text; leaving with a change not saved
 * asks The reference number wasn't saved. Are you sure you want to leave? (spec section 5).
 */
export function ReferenceNumber({ shipmentId, reference }: ReferenceNumberProps) {
  const [value, setValue] = useState(reference);
  const saveMutation = useSaveReference(shipmentId);
  const text = value.trim();
  const isUnsaved = text !== reference.trim();
  useLeavePrompt(isUnsaved, TEXTS.referenceUnsaved);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (text === '' || saveMutation.isPending) return;
    saveMutation.mutate(text, { onSuccess: (reply) => setValue(reply.reference_no) });
  };

  return (
    <form className={styles.form} onSubmit={save}>
      <TextField
        label={WEB_TEXTS.common.referenceLabel}
        className={styles.field}
        value={value}
        maxLength={REFERENCE_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" disabled={text === ''} isPending={saveMutation.isPending}>
        {saveMutation.isPending ? WEB_TEXTS.common.saving : WEB_TEXTS.shipment.saveReference}
      </Button>
    </form>
  );
}
