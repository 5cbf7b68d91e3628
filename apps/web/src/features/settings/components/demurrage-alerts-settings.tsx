import { useId, useState, type FormEvent } from 'react';
import { TEXTS } from '@clearport/contract/texts';
import {
  DEMURRAGE_REMINDER_DAYS,
  SetDemurrageAlertsRequest,
  type DemurrageAlertsResponse,
  type NotificationEmails,
} from '@clearport/contract/settings';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDemurrageAlerts } from '../api/get-demurrage-alerts.ts';
import { useSetDemurrageAlerts } from '../api/set-demurrage-alerts.ts';
import { NotificationListEditor } from './notification-list-editor.tsx';
import styles from './settings-editor.module.css';

const T = WEB_TEXTS.settings.demurrage;

type FieldErrors = { list?: string; reminderDays?: string; form?: string };

/** A refusal's text under the field it names: the list's addresses, the working days, or the form. */
function errorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status === 0) return { form: TEXTS.genericError };
  const text = error.text;
  if (error.field === 'reminder_days') return { reminderDays: text };
  if (error.field?.startsWith('email') || error.field?.startsWith('cc_emails')) return { list: text };
  return { form: text };
}

/** The form's values as one text, to tell a change from what was saved. */
const formValues = (list: NotificationEmails, reminderDays: string) =>
  JSON.stringify([list.email.trim(), list.cc_emails, reminderDays.trim()]);

function AlertsForm({ alerts, isReadOnly }: { alerts: DemurrageAlertsResponse; isReadOnly: boolean }) {
  const errorPrefix = useId();
  const [list, setList] = useState<NotificationEmails>({ email: alerts.email, cc_emails: alerts.cc_emails });
  const [reminderDays, setReminderDays] = useState(String(alerts.reminder_days));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const save = useSetDemurrageAlerts();
  // What was last loaded or saved, as the form writes it: leaving with anything else asks first.
  const [saved, setSaved] = useState(() => formValues(list, reminderDays));
  useLeavePrompt(
    !isReadOnly && !save.isPending && formValues(list, reminderDays) !== saved,
    TEXTS.settingsUnsavedChanges,
  );
  const checkedDays = SetDemurrageAlertsRequest.shape.reminder_days.safeParse(Number(reminderDays));
  const daysError =
    reminderDays.trim() === '' || !checkedDays.success
      ? checkedDays.error?.issues[0]?.message
      : serverErrors.reminderDays;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checkedDays.success || reminderDays.trim() === '') return;
    setServerErrors({});
    save.mutate(
      { email: list.email.trim(), cc_emails: list.cc_emails, reminder_days: checkedDays.data },
      {
        onSuccess: () => {
          setSaved(formValues(list, reminderDays));
          toast.success(T.saved);
        },
        onError: (error) => setServerErrors(errorsOf(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} className={styles.editor} noValidate>
      <p className={styles.hint}>{T.intro}</p>
      {alerts.is_default && <p className={styles.hint}>{T.isDefault}</p>}
      {isReadOnly && <p className={styles.hint}>{WEB_TEXTS.settings.listsReadOnly}</p>}
      <div className={styles.columns}>
        <div>
          <NotificationListEditor
            title={T.listTitle}
            list={list}
            isReadOnly={isReadOnly}
            onChange={(next) => {
              setList(next);
              setServerErrors((errors) => ({ ...errors, list: undefined }));
            }}
          />
          {serverErrors.list && (
            <p id={`${errorPrefix}-list`} className={styles.fieldError} role="alert">
              {serverErrors.list}
            </p>
          )}
        </div>
        <div>
          <TextField
            type="number"
            inputMode="numeric"
            min={DEMURRAGE_REMINDER_DAYS.min}
            max={DEMURRAGE_REMINDER_DAYS.max}
            step={1}
            label={T.reminderDays}
            value={reminderDays}
            readOnly={isReadOnly}
            onChange={(event) => {
              setReminderDays(event.target.value);
              setServerErrors((errors) => ({ ...errors, reminderDays: undefined }));
            }}
            isInvalid={daysError !== undefined}
            errorId={`${errorPrefix}-days`}
          />
          {daysError !== undefined ? (
            <p id={`${errorPrefix}-days`} className={styles.fieldError}>
              {daysError}
            </p>
          ) : (
            <p className={styles.hint}>{T.reminderDaysHint}</p>
          )}
        </div>
      </div>
      {serverErrors.form && <FormMessage tone="error">{serverErrors.form}</FormMessage>}
      {!isReadOnly && (
        <div className={styles.actions}>
          <Button type="submit" disabled={daysError !== undefined} isPending={save.isPending}>
            {T.save}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * The Settings page's demurrage and detention list, beside the spec's four (decision 0031),
 * read-only for those who do not change the company's lists (decision 0036).
 */
export function DemurrageAlertsSettings({ isReadOnly = false }: { isReadOnly?: boolean }) {
  const query = useDemurrageAlerts();
  return (
    <Panel title={T.title}>
      {query.isPending && (
        <p className={styles.hint} role="status">
          {T.loading}
        </p>
      )}
      {query.isError && <FormMessage tone="error">{T.loadFailed}</FormMessage>}
      {query.isSuccess && <AlertsForm alerts={query.data} isReadOnly={isReadOnly} />}
    </Panel>
  );
}
