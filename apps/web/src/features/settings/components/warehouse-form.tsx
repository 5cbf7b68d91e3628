import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { TEXTS } from '@clearport/contract/texts';
import {
  NEW_WAREHOUSE_DEFAULTS,
  NewWarehouseForm,
  US_STATES,
  type UsStateCode,
  type Warehouse,
} from '@clearport/contract/warehouses';
import { FormFrame } from '../../../components/ui/form-frame.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { useOneSend } from '../../../hooks/use-one-send.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateWarehouse } from '../api/create-warehouse.ts';
import styles from './settings-forms.module.css';

const STATE_OPTIONS = US_STATES.map((state) => ({ label: state.name, value: state.code }));

type TextFieldName = Exclude<keyof NewWarehouseForm, 'state'>;

const TEXT_FIELDS: ReadonlyArray<{ name: TextFieldName; label: string; type?: string; autoComplete: string }> = [
  { name: 'name', label: TEXTS.warehouseNameLabel, autoComplete: 'organization' },
  { name: 'contact_name', label: TEXTS.warehouseContactLabel, autoComplete: 'name' },
  { name: 'phone', label: TEXTS.warehousePhoneLabel, type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: TEXTS.warehouseAddressLabel, autoComplete: 'street-address' },
  { name: 'city', label: TEXTS.warehouseCityLabel, autoComplete: 'address-level2' },
];

const LABELS: Record<string, string> = {
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field.name, field.label])),
  zip: TEXTS.warehouseZipLabel,
};

type WarehouseFormProps = {
  /** The company's warehouses, sent after the new one as the call expects. */
  existing: ReadonlyArray<Pick<Warehouse, 'id'>>;
  /** While the settings load, the form does not submit. */
  isLoading: boolean;
  onCreated: (warehouse: Warehouse) => void;
  /** Offers Cancel, as in a dialog. */
  onCancel?: () => void;
  /** Told whether the form differs from its defaults, so that a dialog asks before closing over it. */
  onInputChange?: (hasInput: boolean) => void;
  /** On a page (Settings): the question leaving asks while the form differs from its defaults (spec section 5). */
  leaveQuestion?: string;
};

/**
 * The New Warehouse form of spec section 2, which has no required field; absent ones take the
 * defaults (New York, NY, 10001).
 */
export function WarehouseForm({
  existing,
  isLoading,
  onCreated,
  onCancel,
  onInputChange,
  leaveQuestion,
}: WarehouseFormProps) {
  const [form, setForm] = useState<NewWarehouseForm>(NEW_WAREHOUSE_DEFAULTS);
  const [failure, setFailure] = useState('');
  const createMutation = useCreateWarehouse(existing);
  const oneSend = useOneSend();
  // The form a create just emptied: sent again untouched (a second Enter or click), it would
  // create a second, blank warehouse.
  const isJustCreated = useRef(false);
  const isChanged = JSON.stringify(form) !== JSON.stringify(NEW_WAREHOUSE_DEFAULTS);
  useLeavePrompt(leaveQuestion !== undefined && isChanged && !createMutation.isPending, leaveQuestion ?? '');
  useEffect(() => onInputChange?.(isChanged), [isChanged, onInputChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (createMutation.isPending || isLoading) return;
    if (isJustCreated.current && form === NEW_WAREHOUSE_DEFAULTS) return;
    // A pasted tab or control character is refused here, as the server would refuse it.
    const parsed = NewWarehouseForm.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0]);
      setFailure(`${LABELS[field] ?? field}: ${issue.message}`);
      return;
    }
    if (!oneSend.start()) return;
    setFailure('');
    createMutation.mutate(parsed.data, {
      onSettled: oneSend.settle,
      onSuccess: (reply) => {
        const created = reply.warehouses.at(-1);
        toast.success(TEXTS.warehouseCreated);
        isJustCreated.current = true;
        setForm(NEW_WAREHOUSE_DEFAULTS);
        if (created) onCreated(created);
      },
      onError: (error) => {
        // No answer at all is the spec's exception: the generic text, inline and as a toast.
        if (error instanceof ApiError && error.status !== 0) {
          setFailure(TEXTS.warehouseCreateFailed);
          return;
        }
        setFailure(TEXTS.genericError);
        toast.error(TEXTS.genericError);
      },
    });
  };

  return (
    <FormFrame
      isLoading={isLoading}
      isSubmitting={createMutation.isPending}
      submitLabel={createMutation.isPending ? TEXTS.warehouseCreating : TEXTS.warehouseCreateButton}
      failure={failure}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          value={form[field.name]}
          onChange={(event) => setForm((current) => ({ ...current, [field.name]: event.target.value }))}
        />
      ))}
      <div className={styles.twoColumns}>
        <SelectField<UsStateCode>
          label={TEXTS.warehouseStateLabel}
          options={STATE_OPTIONS}
          value={form.state === '' ? null : form.state}
          onChange={(state) => setForm((current) => ({ ...current, state }))}
        />
        <TextField
          label={TEXTS.warehouseZipLabel}
          autoComplete="postal-code"
          value={form.zip}
          onChange={(event) => setForm((current) => ({ ...current, zip: event.target.value }))}
        />
      </div>
    </FormFrame>
  );
}
