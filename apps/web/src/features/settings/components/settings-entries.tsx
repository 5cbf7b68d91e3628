import { memo } from 'react';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { US_STATES, type UsStateCode, type Warehouse } from '@clearport/contract/warehouses';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { CcListEditor } from './cc-list-editor.tsx';
import styles from './settings-editor.module.css';

/*
 * One trucker or warehouse of the Settings screen's lists, each drawn again only when it changes:
 * a company may keep hundreds, and a keystroke in one redraws that one alone.
 */

export type TruckerDraft = {
  id: number;
  name: string;
  email: string;
  ccEmails: string[];
  status: number;
  isRemoved: boolean;
};
export type WarehouseDraft = Pick<
  Warehouse,
  'id' | 'name' | 'phone' | 'address' | 'city' | 'state' | 'zip' | 'status'
> & {
  contactName: string;
  contactEmail: string;
  /** The contacts after the first (the broker's or another program's), which the screen does not show and saves as they are. */
  otherContacts: Warehouse['emails'];
  isRemoved: boolean;
};
type WarehouseField = 'name' | 'contactName' | 'phone' | 'address' | 'city' | 'state' | 'zip';

/**
 * Errors by the field they belong to: `email`, `password`, `current_password`,
 * `lists.<key>.email|cc_emails`, `truckers.<id>.name|email|cc_emails`, `warehouses.<id>.<field>`,
 * and FORM_ERROR for what belongs to no one field.
 */
export type FieldErrors = Record<string, string>;

export const WAREHOUSE_FIELDS: ReadonlyArray<{ field: WarehouseField; label: string }> = [
  { field: 'name', label: TEXTS.warehouseNameLabel },
  { field: 'contactName', label: TEXTS.warehouseContactLabel },
  { field: 'phone', label: TEXTS.warehousePhoneLabel },
  { field: 'address', label: TEXTS.warehouseAddressLabel },
  { field: 'city', label: TEXTS.warehouseCityLabel },
  { field: 'state', label: TEXTS.warehouseStateLabel },
  { field: 'zip', label: TEXTS.warehouseZipLabel },
];

const STATE_OPTIONS = US_STATES.map((state) => ({ label: state.name, value: state.code }));

type EntryProps<Draft> = {
  entry: Draft;
  /** Its name as saved, which its legend and buttons go by while it is edited. */
  name: string;
  /** The editor's errors; the entry shows its own. */
  errors: FieldErrors;
  canEditLists: boolean;
  /** A stable function (the editor's), so that an unchanged entry is not drawn again. */
  onChange: (id: number, change: Partial<Draft>) => void;
};

export const TruckerEntry = memo(function TruckerEntry({
  entry: trucker,
  name,
  errors,
  canEditLists,
  onChange,
}: EntryProps<TruckerDraft>) {
  const key = (field: string) => `truckers.${trucker.id}.${field}`;
  const set = (change: Partial<TruckerDraft>) => onChange(trucker.id, change);
  const isDisabled = trucker.isRemoved;
  return (
    <fieldset className={`${styles.entry} ${styles.nameAndEmail}`} data-removed={trucker.isRemoved || undefined}>
      <legend className={styles.entryLegend}>{name}</legend>
      <CheckedField
        error={errors[key('name')]}
        errorKey={key('name')}
        label={WEB_TEXTS.settings.entryNameLabel}
        value={trucker.name}
        onChange={(value) => set({ name: value })}
        disabled={isDisabled}
        readOnly={!canEditLists}
      />
      <CheckedField
        error={errors[key('email')]}
        errorKey={key('email')}
        type="email"
        label={WEB_TEXTS.settings.entryEmailLabel}
        value={trucker.email}
        onChange={(value) => set({ email: value })}
        disabled={isDisabled}
        readOnly={!canEditLists}
      />
      <div className={styles.wide}>
        {!isDisabled && (
          <CcListEditor
            owner={name}
            ccEmails={trucker.ccEmails}
            onChange={(ccEmails) => set({ ccEmails })}
            error={errors[key('cc_emails')]}
            isReadOnly={!canEditLists}
            fullText={TEXTS.maxTruckerCc}
          />
        )}
      </div>
      {canEditLists && (
        <EntryActions
          name={name}
          status={trucker.status}
          isRemoved={trucker.isRemoved}
          onStatus={(status) => set({ status })}
          onRemoved={(isRemoved) => set({ isRemoved })}
        />
      )}
    </fieldset>
  );
});

export const WarehouseEntry = memo(function WarehouseEntry({
  entry: warehouse,
  name,
  errors,
  canEditLists,
  onChange,
}: EntryProps<WarehouseDraft>) {
  const set = (change: Partial<WarehouseDraft>) => onChange(warehouse.id, change);
  return (
    <fieldset className={styles.entry} data-removed={warehouse.isRemoved || undefined}>
      <legend className={styles.entryLegend}>{name}</legend>
      {WAREHOUSE_FIELDS.map(({ field, label }) =>
        field === 'state' ? (
          <SelectField<UsStateCode>
            key={field}
            label={label}
            options={STATE_OPTIONS}
            value={(warehouse.state || null) as UsStateCode | null}
            onChange={(state) => set({ state })}
            isDisabled={warehouse.isRemoved || !canEditLists}
          />
        ) : (
          <CheckedField
            key={field}
            error={errors[`warehouses.${warehouse.id}.${field}`]}
            errorKey={`warehouses.${warehouse.id}.${field}`}
            label={label}
            value={warehouse[field]}
            onChange={(value) => set({ [field]: value })}
            disabled={warehouse.isRemoved}
            readOnly={!canEditLists}
          />
        ),
      )}
      {canEditLists && (
        <EntryActions
          name={name}
          status={warehouse.status}
          isRemoved={warehouse.isRemoved}
          onStatus={(status) => set({ status })}
          onRemoved={(isRemoved) => set({ isRemoved })}
        />
      )}
    </fieldset>
  );
});

type CheckedFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's refusal, shown under it, marking it, and read with it. */
  error?: string | undefined;
  /** Names the field in the editor's errors; its message's id is made from it. */
  errorKey: string;
  type?: string;
  className?: string;
  autoComplete?: string;
  disabled?: boolean;
  readOnly?: boolean;
};

export function CheckedField({ error, errorKey, onChange, className, ...props }: CheckedFieldProps) {
  const errorId = `settings-error-${errorKey.replaceAll('.', '-')}`;
  return (
    <div className={className}>
      <TextField
        {...props}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={error !== undefined}
        errorId={errorId}
      />
      {error !== undefined && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

type EntryActionsProps = {
  name: string;
  status: number;
  isRemoved: boolean;
  onStatus: (status: number) => void;
  onRemoved: (isRemoved: boolean) => void;
};

/** Active or not, and Delete (done on Save), or Keep while marked. */
function EntryActions({ name, status, isRemoved, onStatus, onRemoved }: EntryActionsProps) {
  return (
    <div className={`${styles.entryActions} ${styles.wide}`}>
      {isRemoved ? (
        <>
          <span className={styles.hint}>{WEB_TEXTS.settings.deletedOnSave}</span>
          <Button variant="secondary" onClick={() => onRemoved(false)}>
            {fillText(WEB_TEXTS.settings.restoreOf, { name })}
          </Button>
        </>
      ) : (
        <>
          <Checkbox
            label={WEB_TEXTS.settings.isActive}
            aria-label={fillText(WEB_TEXTS.settings.activeOf, { name })}
            checked={status === ACTIVE_STATUS}
            onChange={(event) => onStatus(event.target.checked ? ACTIVE_STATUS : 0)}
          />
          <Button variant="secondary" onClick={() => onRemoved(true)}>
            {fillText(WEB_TEXTS.settings.deleteOf, { name })}
          </Button>
        </>
      )}
    </div>
  );
}
