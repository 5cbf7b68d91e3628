import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import {
  NOTIFICATION_LISTS,
  SettingsFormSaveRequest,
  type NotificationEmails,
  type NotificationListKey,
  type SettingsResponse,
} from '@clearport/contract/settings';
import { fillText, TEXTS } from '@clearport/contract/texts';
import type { Trucker } from '@clearport/contract/truckers';
import { US_STATES, type UsStateCode, type Warehouse } from '@clearport/contract/warehouses';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAccordion } from '../../../components/ui/form-accordion.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { NotificationListEditor } from './notification-list-editor.tsx';
import { TruckerForm } from './trucker-form.tsx';
import { WarehouseForm } from './warehouse-form.tsx';
import styles from './settings-editor.module.css';

type TruckerDraft = { id: number; name: string; email: string; ccText: string; status: number; isRemoved: boolean };
type WarehouseDraft = Pick<Warehouse, 'id' | 'name' | 'phone' | 'address' | 'city' | 'state' | 'zip' | 'status'> & {
  contactName: string;
  contactEmail: string;
  isRemoved: boolean;
};
type Draft = {
  email: string;
  lists: Record<NotificationListKey, NotificationEmails>;
  truckers: TruckerDraft[];
  warehouses: WarehouseDraft[];
};

const truckerDraft = (trucker: Trucker): TruckerDraft => ({
  id: trucker.id,
  name: trucker.name,
  email: trucker.trucker_emails[0]?.email ?? '',
  ccText: (trucker.trucker_emails[0]?.cc_emails ?? []).join(', '),
  status: trucker.status,
  isRemoved: false,
});

const warehouseDraft = (warehouse: Warehouse): WarehouseDraft => ({
  id: warehouse.id,
  name: warehouse.name,
  phone: warehouse.phone,
  address: warehouse.address,
  city: warehouse.city,
  state: warehouse.state,
  zip: warehouse.zip,
  status: warehouse.status,
  contactName: warehouse.emails[0]?.name ?? '',
  contactEmail: warehouse.emails[0]?.email ?? '',
  isRemoved: false,
});

function draftOf(user: SettingsResponse['user']): Draft {
  return {
    email: user.email,
    lists: Object.fromEntries(NOTIFICATION_LISTS.map((list) => [list.key, user[list.key]])) as Draft['lists'],
    truckers: user.truckers.map(truckerDraft),
    warehouses: user.warehouses.map(warehouseDraft),
  };
}

const splitCcs = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((each) => each.trim())
    .filter((each) => each !== '');

const STATE_OPTIONS = US_STATES.map((state) => ({ label: state.name, value: state.code }));

type SettingsEditorProps = { user: SettingsResponse['user'] };

/**
 * The Settings screen (spec section 2): the user's own e-mail and password, the company's four
 * notification lists, truckers and warehouses, one Save for all of them. Leaving with unsaved
 * changes asks first.
 */
export function SettingsEditor({ user }: SettingsEditorProps) {
  const [saved, setSaved] = useState<Draft>(() => draftOf(user));
  const [draft, setDraft] = useState<Draft>(saved);
  const [password, setPassword] = useState('');
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [failure, setFailure] = useState('');
  /** The field the server's refusal names, when it is the new password: its text shows under it. */
  const [isPasswordRefused, setIsPasswordRefused] = useState(false);
  const passwordErrorId = useId();
  const truckerHeadingId = useId();
  const warehouseHeadingId = useId();
  const saveMutation = useSaveSettings();

  const isEmailChanged = draft.email.trim().toLowerCase() !== saved.email.toLowerCase();
  const needsCurrentPassword = isEmailChanged || password !== '';
  const hasUnsavedChanges = password !== '' || JSON.stringify(draft) !== JSON.stringify(saved);
  useLeavePrompt(hasUnsavedChanges && !saveMutation.isPending, TEXTS.settingsUnsavedChanges);

  const setTrucker = (id: number, change: Partial<TruckerDraft>) =>
    setDraft((all) => ({
      ...all,
      truckers: all.truckers.map((each) => (each.id === id ? { ...each, ...change } : each)),
    }));
  const setWarehouse = (id: number, change: Partial<WarehouseDraft>) =>
    setDraft((all) => ({
      ...all,
      warehouses: all.warehouses.map((each) => (each.id === id ? { ...each, ...change } : each)),
    }));

  // Created at once by their own forms: part of what is saved already.
  const onTruckerCreated = (trucker: Trucker) => {
    setSaved((all) => ({ ...all, truckers: [...all.truckers, truckerDraft(trucker)] }));
    setDraft((all) => ({ ...all, truckers: [...all.truckers, truckerDraft(trucker)] }));
  };
  const onWarehouseCreated = (warehouse: Warehouse) => {
    setSaved((all) => ({ ...all, warehouses: [...all.warehouses, warehouseDraft(warehouse)] }));
    setDraft((all) => ({ ...all, warehouses: [...all.warehouses, warehouseDraft(warehouse)] }));
  };

  const onSave = () => {
    if (saveMutation.isPending) return;
    setFailure('');
    setIsPasswordRefused(false);
    const parsed = SettingsFormSaveRequest.safeParse({
      user_emails: NOTIFICATION_LISTS.map((list) => ({ table_number: list.table_number, ...draft.lists[list.key] })),
      truckers: draft.truckers
        .filter((each) => !each.isRemoved)
        .map((each) => ({
          id: each.id,
          name: each.name,
          email: each.email,
          cc_emails: splitCcs(each.ccText),
          status: each.status,
        })),
      warehouses: draft.warehouses
        .filter((each) => !each.isRemoved)
        .map((each) => ({
          id: each.id,
          name: each.name,
          phone: each.phone,
          address: each.address,
          city: each.city,
          state: each.state,
          zip: each.zip,
          status: each.status,
          emails: [{ name: each.contactName, email: each.contactEmail }],
        })),
      ...(isEmailChanged ? { email: draft.email } : {}),
      ...(password === '' ? {} : { password }),
      ...(needsCurrentPassword ? { current_password: currentPassword } : {}),
    });
    if (!parsed.success) {
      // The spec's own text ("Cannot be empty", "Maximum 10 emails per trucker."), not the field's path.
      setFailure(parsed.error.issues[0]?.message ?? TEXTS.genericError);
      return;
    }
    saveMutation.mutate(parsed.data, {
      onSuccess: (reply) => {
        const next: Draft = {
          ...draft,
          email: parsed.data.email ?? saved.email,
          truckers: reply.truckers.map(truckerDraft),
          warehouses: reply.warehouses.map(warehouseDraft),
        };
        setSaved(next);
        setDraft(next);
        setPassword('');
        setCurrentPassword('');
        for (const message of reply.messages) toast.success(message);
      },
      onError: (error) => {
        const message =
          error instanceof ApiError && error.status !== 0 ? (error.errors[0] ?? error.message) : TEXTS.genericError;
        setFailure(message);
        setIsPasswordRefused(error instanceof ApiError && error.field === 'password');
        toast.error(message);
      },
    });
  };

  return (
    // Not one form: the New Trucker and New Warehouse forms inside save on their own.
    <div className={styles.editor}>
      <Panel title={WEB_TEXTS.settings.personalTitle}>
        <div className={styles.personal}>
          <TextField
            label={WEB_TEXTS.settings.accountNames}
            value={user.accounts
              .map((account) => (account.name ? `${account.name} (${account.account_no})` : account.account_no))
              .join(', ')}
            readOnly
          />
          <TextField
            type="email"
            label={WEB_TEXTS.settings.accountEmail}
            value={draft.email}
            onChange={(event) => setDraft((all) => ({ ...all, email: event.target.value }))}
            autoComplete="email"
          />
          <div className={styles.row}>
            <TextField
              className={styles.grow}
              type={isPasswordShown ? 'text' : 'password'}
              label={WEB_TEXTS.settings.newPassword}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="new-password"
              isInvalid={isPasswordRefused}
              errorId={passwordErrorId}
            />
            <Button variant="secondary" onClick={() => setIsPasswordShown((shown) => !shown)}>
              {isPasswordShown ? WEB_TEXTS.settings.hidePassword : WEB_TEXTS.settings.showPassword}
            </Button>
          </div>
          {isPasswordRefused && (
            <p id={passwordErrorId} role="alert" className={styles.failure}>
              {failure}
            </p>
          )}
          {needsCurrentPassword && (
            <div>
              <TextField
                type="password"
                label={WEB_TEXTS.settings.currentPassword}
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                autoComplete="current-password"
              />
              <p className={styles.hint}>{WEB_TEXTS.settings.currentPasswordHint}</p>
            </div>
          )}
        </div>
      </Panel>

      <Panel title={WEB_TEXTS.settings.notificationsTitle}>
        <div className={styles.columns}>
          {NOTIFICATION_LISTS.map((list) => (
            <NotificationListEditor
              key={list.key}
              title={WEB_TEXTS.settings.listTitles[list.key]}
              list={draft.lists[list.key]}
              onChange={(next) => setDraft((all) => ({ ...all, lists: { ...all.lists, [list.key]: next } }))}
            />
          ))}
        </div>
      </Panel>

      <Panel title={WEB_TEXTS.settings.truckersTitle}>
        {draft.truckers.length === 0 && <p className={styles.hint}>{WEB_TEXTS.settings.noTruckers}</p>}
        {draft.truckers.map((trucker) => {
          const label = saved.truckers.find((each) => each.id === trucker.id)?.name || String(trucker.id);
          return (
            <div key={trucker.id} className={styles.entry} data-removed={trucker.isRemoved || undefined}>
              <TextField
                label={fillText(WEB_TEXTS.settings.entryName, { name: label })}
                value={trucker.name}
                onChange={(event) => setTrucker(trucker.id, { name: event.target.value })}
                disabled={trucker.isRemoved}
              />
              <TextField
                type="email"
                label={fillText(WEB_TEXTS.settings.truckerEmail, { name: label })}
                value={trucker.email}
                onChange={(event) => setTrucker(trucker.id, { email: event.target.value })}
                disabled={trucker.isRemoved}
              />
              <TextField
                className={styles.grow}
                label={fillText(WEB_TEXTS.settings.truckerCcs, { name: label })}
                placeholder={WEB_TEXTS.settings.truckerCcsHint}
                value={trucker.ccText}
                onChange={(event) => setTrucker(trucker.id, { ccText: event.target.value })}
                disabled={trucker.isRemoved}
              />
              <EntryActions
                name={label}
                status={trucker.status}
                isRemoved={trucker.isRemoved}
                onStatus={(status) => setTrucker(trucker.id, { status })}
                onRemoved={(isRemoved) => setTrucker(trucker.id, { isRemoved })}
              />
            </div>
          );
        })}
        <FormAccordion headingId={truckerHeadingId} title={TEXTS.truckerFormTitle}>
          <TruckerForm onCreated={onTruckerCreated} />
        </FormAccordion>
      </Panel>

      <Panel title={WEB_TEXTS.settings.warehousesTitle}>
        {draft.warehouses.length === 0 && <p className={styles.hint}>{WEB_TEXTS.settings.noWarehouses}</p>}
        {draft.warehouses.map((warehouse) => {
          const label = saved.warehouses.find((each) => each.id === warehouse.id)?.name || String(warehouse.id);
          const field = (name: 'name' | 'contactName' | 'phone' | 'address' | 'city' | 'zip', text: string) => (
            <TextField
              label={`${text} (${label})`}
              value={warehouse[name]}
              onChange={(event) => setWarehouse(warehouse.id, { [name]: event.target.value })}
              disabled={warehouse.isRemoved}
            />
          );
          return (
            <div key={warehouse.id} className={styles.entry} data-removed={warehouse.isRemoved || undefined}>
              {field('name', TEXTS.warehouseNameLabel)}
              {field('contactName', TEXTS.warehouseContactLabel)}
              {field('phone', TEXTS.warehousePhoneLabel)}
              {field('address', TEXTS.warehouseAddressLabel)}
              {field('city', TEXTS.warehouseCityLabel)}
              <SelectField<UsStateCode>
                label={`${TEXTS.warehouseStateLabel} (${label})`}
                options={STATE_OPTIONS}
                value={(warehouse.state || null) as UsStateCode | null}
                onChange={(state) => setWarehouse(warehouse.id, { state })}
                isDisabled={warehouse.isRemoved}
              />
              {field('zip', TEXTS.warehouseZipLabel)}
              <EntryActions
                name={label}
                status={warehouse.status}
                isRemoved={warehouse.isRemoved}
                onStatus={(status) => setWarehouse(warehouse.id, { status })}
                onRemoved={(isRemoved) => setWarehouse(warehouse.id, { isRemoved })}
              />
            </div>
          );
        })}
        <FormAccordion headingId={warehouseHeadingId} title={TEXTS.warehouseFormTitle}>
          <WarehouseForm
            existing={saved.warehouses.map((each) => ({ id: each.id }))}
            isLoading={false}
            onCreated={onWarehouseCreated}
          />
        </FormAccordion>
      </Panel>

      <div className={styles.actions}>
        <Button onClick={onSave} disabled={saveMutation.isPending}>
          {saveMutation.isPending ? WEB_TEXTS.common.saving : WEB_TEXTS.settings.save}
        </Button>
        {failure && !isPasswordRefused && (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        )}
      </div>
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
    <div className={styles.entryActions}>
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
