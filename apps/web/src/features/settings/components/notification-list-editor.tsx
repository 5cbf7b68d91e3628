import { useId } from 'react';
import type { NotificationEmails } from '@clearport/contract/settings';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { CcListEditor, isInvalidAddress } from './cc-list-editor.tsx';
import styles from './settings-editor.module.css';

type NotificationListEditorProps = {
  title: string;
  list: NotificationEmails;
  onChange: (list: NotificationEmails) => void;
  /** Refusals of the recipient and of the CC list. */
  errors?: { email?: string; cc_emails?: string };
  isReadOnly?: boolean;
};

/** One notification list: its recipient and its CC list, counted out of MAX_CC_EMAILS. */
export function NotificationListEditor({
  title,
  list,
  onChange,
  errors = {},
  isReadOnly,
}: NotificationListEditorProps) {
  const errorId = useId();
  const hintId = useId();
  const recipientError = isInvalidAddress(list.email) ? TEXTS.emailInvalid : errors.email;
  const needsRecipient = list.email.trim() === '' && list.cc_emails.length > 0;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{fillText(WEB_TEXTS.settings.listLegend, { list: title })}</legend>
      <div>
        <TextField
          type="email"
          label={fillText(WEB_TEXTS.settings.listRecipient, { list: title })}
          value={list.email}
          onChange={(event) => onChange({ ...list, email: event.target.value })}
          isInvalid={recipientError !== undefined}
          errorId={errorId}
          readOnly={isReadOnly}
          autoComplete="off"
          {...(needsRecipient && recipientError === undefined && { 'aria-describedby': hintId })}
        />
        {recipientError !== undefined && (
          <p id={errorId} className={styles.fieldError}>
            {recipientError}
          </p>
        )}
        {needsRecipient && (
          <p id={hintId} className={styles.hint}>
            {WEB_TEXTS.settings.copiesNeedRecipient}
          </p>
        )}
      </div>
      <CcListEditor
        owner={title}
        ccEmails={list.cc_emails}
        onChange={(ccEmails) => onChange({ ...list, cc_emails: ccEmails })}
        error={errors.cc_emails}
        isReadOnly={isReadOnly}
      />
    </fieldset>
  );
}
