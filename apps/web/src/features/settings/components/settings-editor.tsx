import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  NOTIFICATION_LISTS,
  SettingsFormSaveRequest,
  settingsRevision,
  type NotificationEmails,
  type NotificationListKey,
  type SettingsLists,
  type SettingsResponse,
} from '@clearport/contract/settings';
import { fillText, TEXTS } from '@clearport/contract/texts';
import type { Trucker } from '@clearport/contract/truckers';
import type { Warehouse } from '@clearport/contract/warehouses';
import { Button } from '../../../components/ui/button.tsx';
import { FormAccordion } from '../../../components/ui/form-accordion.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { ReadOnlyLines } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { entryName } from '../../../lib/entry-name.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { NotificationListEditor } from './notification-list-editor.tsx';
import {
  CheckedField,
  TruckerEntry,
  WAREHOUSE_FIELDS,
  WarehouseEntry,
  type FieldErrors,
  type TruckerDraft,
  type WarehouseDraft,
} from './settings-entries.tsx';
import { TruckerForm } from './trucker-form.tsx';
import { WarehouseForm } from './warehouse-form.tsx';
import styles from './settings-editor.module.css';

type Draft = {
  email: string;
  lists: Record<NotificationListKey, NotificationEmails>;
  truckers: TruckerDraft[];
  warehouses: WarehouseDraft[];
};
const FORM_ERROR = 'form';
const NO_ERRORS: FieldErrors = {};

const truckerDraft = (trucker: Trucker): TruckerDraft => ({
  id: trucker.id,
  name: trucker.name,
  email: trucker.trucker_emails[0]?.email ?? '',
  ccEmails: trucker.trucker_emails[0]?.cc_emails ?? [],
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
  otherContacts: warehouse.emails.slice(1),
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

/**
 * `next` with each entry that equals the one of its id in `previous` taken from there: the entries
 * a save did not change stay the same objects, and are not drawn again.
 */
function keepUnchanged<Entry extends { id: number }>(next: Entry[], previous: readonly Entry[]): Entry[] {
  const before = new Map(previous.map((each) => [each.id, each]));
  return next.map((each) => {
    const kept = before.get(each.id);
    return kept && JSON.stringify(kept) === JSON.stringify(each) ? kept : each;
  });
}

/** The ids of the truckers and warehouses a save sent, in the order it sent them. */
type SentIds = { truckers: readonly number[]; warehouses: readonly number[] };

/**
 * The field a refusal belongs to, from its path in the save's body: a zod issue's path, or the
 * server's `field` ("truckers.1.cc_emails", counted among the entries sent).
 */
export function fieldOf(path: readonly PropertyKey[], sent: SentIds): string {
  const [section, index, field, position, subField] = path;
  if (section === 'email' || section === 'password' || section === 'current_password') return section;
  if (typeof index !== 'number') return FORM_ERROR;
  if (section === 'user_emails') {
    const list = NOTIFICATION_LISTS[index];
    return list ? `lists.${list.key}.${field === 'cc_emails' ? 'cc_emails' : 'email'}` : FORM_ERROR;
  }
  if (section === 'truckers' && sent.truckers[index] !== undefined) {
    const name = field === 'cc_emails' || field === 'email' ? field : 'name';
    return `truckers.${sent.truckers[index]}.${name}`;
  }
  if (section === 'warehouses' && sent.warehouses[index] !== undefined) {
    const isContact = field === 'emails' && position === 0 && subField === 'name';
    const known = WAREHOUSE_FIELDS.some((each) => each.field === field);
    return `warehouses.${sent.warehouses[index]}.${isContact || !known ? 'contactName' : String(field)}`;
  }
  return FORM_ERROR;
}

const pathOf = (field: string | undefined): PropertyKey[] =>
  (field ?? '').split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

type SettingsEditorProps = {
  user: SettingsResponse['user'];
  /** Whether the user changes the company's lists (canEditCompanyLists); otherwise they are read-only. */
  canEditLists?: boolean;
  /** The settings are being read again: the New Warehouse form waits for them, faded (spec section 2). */
  isRefreshing?: boolean;
};

/**
 * The Settings screen (spec section 2): the user's own e-mail and password, the company's four
 * notification lists, truckers and warehouses, one Save for all of them, always in reach at the
 * bottom of the window. A refusal is shown at its field, which is scrolled to and focused.
 * Leaving with unsaved changes asks first.
 */
export function SettingsEditor({ user, canEditLists = true, isRefreshing = false }: SettingsEditorProps) {
  const [saved, setSaved] = useState<Draft>(() => draftOf(user));
  // The lists as this screen knows them stored: read, then created here, then saved. Their
  // revision goes with Save, which is refused when they changed elsewhere meanwhile.
  const [base, setBase] = useState<SettingsLists>(user);
  const [draft, setDraft] = useState<Draft>(saved);
  const [password, setPassword] = useState('');
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const editorRef = useRef<HTMLDivElement>(null);
  const truckerHeadingId = useId();
  const warehouseHeadingId = useId();
  const saveMutation = useSaveSettings();

  const isEmailChanged = draft.email.trim().toLowerCase() !== saved.email.toLowerCase();
  const needsCurrentPassword = isEmailChanged || password !== '';
  const hasUnsavedChanges = password !== '' || JSON.stringify(draft) !== JSON.stringify(saved);
  useLeavePrompt(hasUnsavedChanges && !saveMutation.isPending, TEXTS.settingsUnsavedChanges);

  // After a refused save, the first marked field comes into view and takes the focus, which
  // reads its message (aria-describedby).
  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = editorRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    invalid.scrollIntoView?.({ block: 'center' });
    invalid.focus({ preventScroll: true });
  }, [focusRequest]);

  // Stable, so that the lists' entries that did not change are not drawn again (settings-entries.tsx).
  const clearError = useCallback(
    (key: string) =>
      setErrors((all) => {
        if (!(key in all) && !(FORM_ERROR in all)) return all;
        const { [key]: _cleared, [FORM_ERROR]: _form, ...rest } = all;
        return rest;
      }),
    [],
  );
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  };

  const setTrucker = useCallback(
    (id: number, change: Partial<TruckerDraft>) => {
      for (const field of Object.keys(change))
        clearError(`truckers.${id}.${field === 'ccEmails' ? 'cc_emails' : field}`);
      setDraft((all) => ({
        ...all,
        truckers: all.truckers.map((each) => (each.id === id ? { ...each, ...change } : each)),
      }));
    },
    [clearError],
  );
  const setWarehouse = useCallback(
    (id: number, change: Partial<WarehouseDraft>) => {
      for (const field of Object.keys(change)) clearError(`warehouses.${id}.${field}`);
      setDraft((all) => ({
        ...all,
        warehouses: all.warehouses.map((each) => (each.id === id ? { ...each, ...change } : each)),
      }));
    },
    [clearError],
  );
  const setList = (key: NotificationListKey, list: NotificationEmails) => {
    if (list.email !== draft.lists[key].email) clearError(`lists.${key}.email`);
    else clearError(`lists.${key}.cc_emails`);
    setDraft((all) => ({ ...all, lists: { ...all.lists, [key]: list } }));
  };

  // Created at once by their own forms: part of what is saved already.
  const onTruckerCreated = (trucker: Trucker) => {
    setBase((lists) => ({ ...lists, truckers: [...lists.truckers, trucker] }));
    setSaved((all) => ({ ...all, truckers: [...all.truckers, truckerDraft(trucker)] }));
    setDraft((all) => ({ ...all, truckers: [...all.truckers, truckerDraft(trucker)] }));
  };
  const onWarehouseCreated = (warehouse: Warehouse) => {
    setBase((lists) => ({ ...lists, warehouses: [...lists.warehouses, warehouse] }));
    setSaved((all) => ({ ...all, warehouses: [...all.warehouses, warehouseDraft(warehouse)] }));
    setDraft((all) => ({ ...all, warehouses: [...all.warehouses, warehouseDraft(warehouse)] }));
  };

  const onSave = () => {
    if (saveMutation.isPending) return;
    setErrors({});
    const truckers = draft.truckers.filter((each) => !each.isRemoved);
    const warehouses = draft.warehouses.filter((each) => !each.isRemoved);
    const sent: SentIds = { truckers: truckers.map((each) => each.id), warehouses: warehouses.map((each) => each.id) };
    const parsed = SettingsFormSaveRequest.safeParse({
      revision: settingsRevision(base),
      user_emails: NOTIFICATION_LISTS.map((list) => ({ table_number: list.table_number, ...draft.lists[list.key] })),
      ...(canEditLists
        ? {
            truckers: truckers.map((each) => ({
              id: each.id,
              name: each.name,
              email: each.email,
              cc_emails: each.ccEmails,
              status: each.status,
            })),
            warehouses: warehouses.map((each) => ({
              id: each.id,
              name: each.name,
              phone: each.phone,
              address: each.address,
              city: each.city,
              state: each.state,
              zip: each.zip,
              status: each.status,
              emails: [{ name: each.contactName, email: each.contactEmail }, ...each.otherContacts],
            })),
          }
        : {}),
      ...(isEmailChanged ? { email: draft.email } : {}),
      ...(password === '' ? {} : { password }),
      ...(needsCurrentPassword ? { current_password: currentPassword } : {}),
    });
    if (!parsed.success) {
      // Each at its field, in the spec's own words ("Cannot be empty"), never the field's path.
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path, sent)] ??= issue.message;
      showErrors(found);
      return;
    }
    saveMutation.mutate(parsed.data, {
      onSuccess: (reply) => {
        // The lists as stored now: those just sent, as the server read them (the same schema).
        const lists = Object.fromEntries(
          NOTIFICATION_LISTS.map((list) => {
            const stored = parsed.data.user_emails.find((each) => each.table_number === list.table_number)!;
            return [list.key, { email: stored.email, cc_emails: stored.cc_emails }];
          }),
        ) as Pick<SettingsLists, NotificationListKey>;
        setBase({ ...lists, truckers: reply.truckers, warehouses: reply.warehouses });
        const next: Draft = {
          ...draft,
          email: parsed.data.email ?? saved.email,
          truckers: keepUnchanged(reply.truckers.map(truckerDraft), draft.truckers),
          warehouses: keepUnchanged(reply.warehouses.map(warehouseDraft), draft.warehouses),
        };
        setSaved(next);
        setDraft(next);
        setPassword('');
        setCurrentPassword('');
        for (const message of reply.messages) toast.success(message);
      },
      onError: (error) => {
        const isAnswer = error instanceof ApiError && error.status !== 0;
        const message = isAnswer ? error.text : TEXTS.genericError;
        const field = isAnswer && error.status !== 403 ? fieldOf(pathOf(error.field), sent) : FORM_ERROR;
        showErrors({ [field]: message });
        toast.error(message);
      },
    });
  };

  const errorCount = Object.keys(errors).length;
  const formError =
    errors[FORM_ERROR] ??
    (errorCount === 0
      ? undefined
      : fillText(errorCount === 1 ? WEB_TEXTS.settings.fixOneField : WEB_TEXTS.settings.fixFields, {
          count: String(errorCount),
        }));
  const field = (key: string) => ({ error: errors[key], errorKey: key });
  // Only an entry with errors is handed them: the others keep their props, and are not drawn again.
  const entriesWithErrors = new Set(Object.keys(errors).map((key) => key.split('.').slice(0, 2).join('.')));
  const savedNames = {
    truckers: new Map(saved.truckers.map((each) => [each.id, each.name])),
    warehouses: new Map(saved.warehouses.map((each) => [each.id, each.name])),
  };

  return (
    // Not one form: the New Trucker and New Warehouse forms inside save on their own.
    <div className={styles.editor} ref={editorRef}>
      <Panel title={WEB_TEXTS.settings.personalTitle}>
        <div className={styles.personal}>
          <ReadOnlyLines
            label={WEB_TEXTS.settings.accountNames}
            lines={user.accounts.map((account) =>
              account.name ? `${account.name} (${account.account_no})` : account.account_no,
            )}
          />
          <CheckedField
            {...field('email')}
            type="email"
            label={WEB_TEXTS.settings.accountEmail}
            value={draft.email}
            onChange={(value) => {
              clearError('email');
              setDraft((all) => ({ ...all, email: value }));
            }}
            autoComplete="email"
          />
          <div className={styles.row}>
            <CheckedField
              {...field('password')}
              className={styles.grow}
              type={isPasswordShown ? 'text' : 'password'}
              label={WEB_TEXTS.settings.newPassword}
              value={password}
              onChange={(value) => {
                clearError('password');
                setPassword(value);
              }}
              autoComplete="new-password"
            />
            <Button variant="secondary" onClick={() => setIsPasswordShown((shown) => !shown)}>
              {isPasswordShown ? WEB_TEXTS.settings.hidePassword : WEB_TEXTS.settings.showPassword}
            </Button>
          </div>
          {needsCurrentPassword && (
            <div>
              <CheckedField
                {...field('current_password')}
                type="password"
                label={WEB_TEXTS.settings.currentPassword}
                value={currentPassword}
                onChange={(value) => {
                  clearError('current_password');
                  setCurrentPassword(value);
                }}
                autoComplete="current-password"
              />
              <p className={styles.hint}>{WEB_TEXTS.settings.currentPasswordHint}</p>
            </div>
          )}
        </div>
      </Panel>

      <Panel title={WEB_TEXTS.settings.notificationsTitle}>
        {!canEditLists && <p className={styles.hint}>{WEB_TEXTS.settings.listsReadOnly}</p>}
        <div className={styles.columns}>
          {NOTIFICATION_LISTS.map((list) => (
            <NotificationListEditor
              key={list.key}
              title={WEB_TEXTS.settings.listTitles[list.key]}
              list={draft.lists[list.key]}
              onChange={(next) => setList(list.key, next)}
              errors={{ email: errors[`lists.${list.key}.email`], cc_emails: errors[`lists.${list.key}.cc_emails`] }}
              isReadOnly={!canEditLists}
            />
          ))}
        </div>
      </Panel>

      <Panel title={WEB_TEXTS.settings.truckersTitle}>
        {!canEditLists && <p className={styles.hint}>{WEB_TEXTS.settings.listsReadOnly}</p>}
        {draft.truckers.length === 0 && <p className={styles.hint}>{WEB_TEXTS.settings.noTruckers}</p>}
        {draft.truckers.map((trucker) => (
          <TruckerEntry
            key={trucker.id}
            entry={trucker}
            name={entryName({ id: trucker.id, name: savedNames.truckers.get(trucker.id) ?? '' }, 'trucker')}
            errors={entriesWithErrors.has(`truckers.${trucker.id}`) ? errors : NO_ERRORS}
            canEditLists={canEditLists}
            onChange={setTrucker}
          />
        ))}
        <FormAccordion headingId={truckerHeadingId} title={TEXTS.truckerFormTitle}>
          <TruckerForm onCreated={onTruckerCreated} leaveQuestion={TEXTS.settingsUnsavedChanges} />
        </FormAccordion>
      </Panel>

      <Panel title={WEB_TEXTS.settings.warehousesTitle}>
        {!canEditLists && <p className={styles.hint}>{WEB_TEXTS.settings.listsReadOnly}</p>}
        {draft.warehouses.length === 0 && <p className={styles.hint}>{WEB_TEXTS.settings.noWarehouses}</p>}
        {draft.warehouses.map((warehouse) => (
          <WarehouseEntry
            key={warehouse.id}
            entry={warehouse}
            name={entryName({ id: warehouse.id, name: savedNames.warehouses.get(warehouse.id) ?? '' }, 'warehouse')}
            errors={entriesWithErrors.has(`warehouses.${warehouse.id}`) ? errors : NO_ERRORS}
            canEditLists={canEditLists}
            onChange={setWarehouse}
          />
        ))}
        <FormAccordion headingId={warehouseHeadingId} title={TEXTS.warehouseFormTitle} isDisabled={isRefreshing}>
          <WarehouseForm
            existing={saved.warehouses.map((each) => ({ id: each.id }))}
            isLoading={isRefreshing}
            onCreated={onWarehouseCreated}
            leaveQuestion={TEXTS.settingsUnsavedChanges}
          />
        </FormAccordion>
      </Panel>

      <div className={styles.saveBar}>
        <Button onClick={onSave} isPending={saveMutation.isPending}>
          {saveMutation.isPending ? WEB_TEXTS.common.saving : WEB_TEXTS.settings.save}
        </Button>
        <p role="alert" className={styles.failure}>
          {formError}
        </p>
        {!formError && hasUnsavedChanges && <p className={styles.hint}>{WEB_TEXTS.settings.unsaved}</p>}
      </div>
    </div>
  );
}
