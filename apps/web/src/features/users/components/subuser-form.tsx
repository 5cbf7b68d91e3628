import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { roleName, SUBUSER_ROLES } from '@clearport/contract/roles';
import { SUBUSER_ERRORS, type AccountsResponse } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import type { TimedMessage } from '../hooks/use-timed-message.ts';
import type { SubuserFormValues } from '../utils/subuser-requests.ts';
import styles from './subuser-form.module.css';

const POSITION_OPTIONS: readonly SelectOption<number>[] = SUBUSER_ROLES.map((role) => ({
  label: roleName(role),
  value: role,
}));

type SubuserFormProps = {
  initialValues: SubuserFormValues;
  isNew: boolean;
  /** The accounts the user may be linked to; undefined while they load. */
  accounts: AccountsResponse['accounts'] | undefined;
  /** Why the accounts could not be loaded. */
  accountsFailure: string | null;
  isSaving: boolean;
  isDeleting?: boolean;
  message: TimedMessage | null;
  /** Why the caller may only read this user: the form shows it and saves or deletes nothing. */
  readOnlyReason?: string;
  /** The caller's own entry: their e-mail and password change in Settings, which asks for the password. */
  isOwn?: boolean;
  onSubmit: (values: SubuserFormValues) => void;
  onDelete?: () => void;
};

/** The sub-user editor (spec section 2): full name, user name, password, linked accounts, position. */
export function SubuserForm({
  initialValues,
  isNew,
  accounts,
  accountsFailure,
  isSaving,
  isDeleting = false,
  message,
  readOnlyReason,
  isOwn = false,
  onSubmit,
  onDelete,
}: SubuserFormProps) {
  const isReadOnly = readOnlyReason !== undefined;
  const [values, setValues] = useState(initialValues);
  const messageId = useId();
  const ownHintId = useId();
  // Only on the caller's own entry: a field's own error would otherwise lose its description.
  const ownHintProps = isOwn ? { 'aria-describedby': ownHintId } : {};
  const invalidField = message?.tone === 'error' ? message.field : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  // Leaving with changes not saved asks first, as on Settings and a delivery order.
  const isChanged = JSON.stringify(values) !== JSON.stringify(initialValues);
  useLeavePrompt(!isReadOnly && isChanged && !isSaving, TEXTS.settingsUnsavedChanges);
  // A refusal that names a field takes the focus there, which reads its message.
  useEffect(() => {
    if (invalidField) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [message, invalidField]);
  const invalidProps = (field: string) => ({ isInvalid: invalidField === field, errorId: messageId });
  const set = <K extends keyof SubuserFormValues>(key: K, value: SubuserFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const toggleAccount = (accountNo: string, isLinked: boolean) =>
    set(
      'linkedAccounts',
      isLinked ? [...values.linkedAccounts, accountNo] : values.linkedAccounts.filter((linked) => linked !== accountNo),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      {isReadOnly && <FormMessage tone="error">{readOnlyReason}</FormMessage>}
      <fieldset className={styles.fieldset} disabled={isReadOnly}>
        <legend className="visually-hidden">{WEB_TEXTS.users.userDetailsLegend}</legend>
        <TextField
          label={WEB_TEXTS.users.fullNameLabel}
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          autoComplete="off"
          maxLength={100}
          {...invalidProps('name')}
        />
        {isOwn && (
          <p className={styles.hint} id={ownHintId}>
            {SUBUSER_ERRORS.ownSignInInSettings}{' '}
            <Link to={paths.settings.getHref()}>{WEB_TEXTS.users.openSettings}</Link>
          </p>
        )}
        <TextField
          label={WEB_TEXTS.users.userNameLabel}
          type="email"
          disabled={isOwn}
          {...ownHintProps}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          autoComplete="off"
          spellCheck={false}
          {...invalidProps('email')}
        />
        <TextField
          label={WEB_TEXTS.users.userPasswordLabel}
          type="password"
          value={values.password}
          disabled={isOwn || values.sendPasswordLink}
          {...ownHintProps}
          onChange={(event) => set('password', event.target.value)}
          autoComplete="new-password"
          placeholder={isNew ? undefined : WEB_TEXTS.users.keepPasswordHint}
          {...invalidProps('password')}
        />
        <Checkbox
          label={WEB_TEXTS.users.sendPasswordLink}
          description={WEB_TEXTS.users.sendPasswordLinkHint}
          checked={values.sendPasswordLink}
          disabled={isOwn}
          onChange={(event) => {
            // The e-mailed link sets the password: a typed one would not be sent.
            if (event.target.checked) set('password', '');
            set('sendPasswordLink', event.target.checked);
          }}
        />
      </fieldset>

      <fieldset className={styles.fieldset} disabled={isReadOnly}>
        <legend className={styles.legend}>{WEB_TEXTS.users.linkedAccountsLegend}</legend>
        {accountsFailure && <FormMessage tone="error">{accountsFailure}</FormMessage>}
        {accounts?.length === 0 && <p className={styles.hint}>{WEB_TEXTS.users.noAccountsToLink}</p>}
        {accounts?.map((account) => (
          <Checkbox
            key={account.account_no}
            isSwitch
            label={account.account_no}
            description={account.name || undefined}
            checked={values.linkedAccounts.includes(account.account_no)}
            onChange={(event) => toggleAccount(account.account_no, event.target.checked)}
          />
        ))}
      </fieldset>

      <SelectField
        label={WEB_TEXTS.users.positionLabel}
        options={POSITION_OPTIONS}
        value={values.role}
        onChange={(role) => set('role', role)}
        placeholder={WEB_TEXTS.users.choosePosition}
        isDisabled={isReadOnly}
        {...invalidProps('role')}
      />

      {!isNew && (
        <Checkbox
          isSwitch
          label={WEB_TEXTS.users.activeLabel}
          description={WEB_TEXTS.users.activeHint}
          checked={values.active}
          disabled={isReadOnly}
          onChange={(event) => set('active', event.target.checked)}
        />
      )}

      {message && (
        <FormMessage id={messageId} tone={message.tone}>
          {message.text}
        </FormMessage>
      )}

      <div className={styles.actions}>
        <Button type="submit" disabled={isReadOnly} isPending={isSaving}>
          {isSaving ? WEB_TEXTS.common.saving : isNew ? WEB_TEXTS.users.addUser : WEB_TEXTS.users.saveUser}
        </Button>
        {onDelete && (
          <Button
            variant="secondary"
            className={styles.delete}
            disabled={isReadOnly}
            isPending={isDeleting}
            onClick={onDelete}
          >
            {isDeleting ? WEB_TEXTS.common.deleting : WEB_TEXTS.users.deleteUser}
          </Button>
        )}
      </div>
    </form>
  );
}
