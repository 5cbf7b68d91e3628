import { useId, useState } from 'react';
import { MAX_CC_EMAILS } from '@clearport/contract/constants';
import { Email } from '@clearport/contract/http';
import { CC_LIST_FULL, type NotificationEmails } from '@clearport/contract/settings';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './settings-editor.module.css';

type NotificationListEditorProps = {
  title: string;
  list: NotificationEmails;
  onChange: (list: NotificationEmails) => void;
};

const isInvalidAddress = (value: string) => value.trim() !== '' && !Email.safeParse(value).success;

/** One notification list: its recipient and its CC list, counted out of MAX_CC_EMAILS. */
export function NotificationListEditor({ title, list, onChange }: NotificationListEditorProps) {
  const errorPrefix = useId();
  const [newCc, setNewCc] = useState('');
  const isFull = list.cc_emails.length >= MAX_CC_EMAILS;
  const isRecipientInvalid = isInvalidAddress(list.email);
  const isNewCcInvalid = isInvalidAddress(newCc);
  const isDuplicate = list.cc_emails.some((cc) => cc.toLowerCase() === newCc.trim().toLowerCase());

  const addCc = () => {
    if (isFull || isNewCcInvalid || newCc.trim() === '' || isDuplicate) return;
    onChange({ ...list, cc_emails: [...list.cc_emails, newCc.trim()] });
    setNewCc('');
  };

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{fillText(WEB_TEXTS.settings.listLegend, { list: title })}</legend>
      <TextField
        type="email"
        label={fillText(WEB_TEXTS.settings.listRecipient, { list: title })}
        value={list.email}
        onChange={(event) => onChange({ ...list, email: event.target.value })}
        isInvalid={isRecipientInvalid}
        errorId={`${errorPrefix}-recipient`}
        autoComplete="off"
      />
      {isRecipientInvalid && (
        <p id={`${errorPrefix}-recipient`} className={styles.fieldError}>
          {TEXTS.emailInvalid}
        </p>
      )}
      <p className={styles.counter}>
        {fillText(WEB_TEXTS.settings.listCcCount, { count: String(list.cc_emails.length), max: String(MAX_CC_EMAILS) })}
      </p>
      {list.cc_emails.length > 0 && (
        <ul className={styles.chips} aria-label={fillText(WEB_TEXTS.settings.truckerCcs, { name: title })}>
          {list.cc_emails.map((cc) => (
            <li key={cc} className={styles.chip}>
              {cc}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={fillText(WEB_TEXTS.settings.removeCc, { email: cc })}
                onClick={() => onChange({ ...list, cc_emails: list.cc_emails.filter((each) => each !== cc) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {isFull ? (
        <p className={styles.hint}>{CC_LIST_FULL}</p>
      ) : (
        <div className={styles.row}>
          <TextField
            className={styles.grow}
            type="email"
            label={fillText(WEB_TEXTS.settings.listNewCc, { list: title })}
            value={newCc}
            onChange={(event) => setNewCc(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addCc();
            }}
            isInvalid={isNewCcInvalid}
            errorId={`${errorPrefix}-cc`}
            autoComplete="off"
          />
          <Button variant="secondary" onClick={addCc} disabled={newCc.trim() === '' || isNewCcInvalid || isDuplicate}>
            {WEB_TEXTS.settings.addCc}
          </Button>
          {isNewCcInvalid && (
            <p id={`${errorPrefix}-cc`} className={styles.fieldError}>
              {TEXTS.emailInvalid}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
