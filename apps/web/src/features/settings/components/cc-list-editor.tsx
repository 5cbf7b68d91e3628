import { useId, useRef, useState } from 'react';
import { MAX_CC_EMAILS } from '@clearport/contract/constants';
import { Email } from '@clearport/contract/http';
import { CC_LIST_FULL } from '@clearport/contract/settings';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './settings-editor.module.css';

export const isInvalidAddress = (value: string) => value.trim() !== '' && !Email.safeParse(value).success;

type CcListEditorProps = {
  /** Whose copies these are: a notification list's title or a trucker's name. */
  owner: string;
  ccEmails: readonly string[];
  onChange: (ccEmails: string[]) => void;
  /** A refusal of the list, shown under it and marking its new address field. */
  error?: string;
  isReadOnly?: boolean;
  /** What a full list says instead of its field: a notification list's text, or the trucker's (spec section 5). */
  fullText?: string;
};

/**
 * A CC list, the same for every list that has one: the addresses as chips, each removable, a count
 * out of MAX_CC_EMAILS (spec section 5), and a field that adds one (Enter or Add CC).
 */
export function CcListEditor({
  owner,
  ccEmails,
  onChange,
  error,
  isReadOnly = false,
  fullText = CC_LIST_FULL,
}: CcListEditorProps) {
  const errorPrefix = useId();
  const editor = useRef<HTMLDivElement>(null);
  const fullHint = useRef<HTMLParagraphElement>(null);
  const [newCc, setNewCc] = useState('');
  const isFull = ccEmails.length >= MAX_CC_EMAILS;
  const isNewCcInvalid = isInvalidAddress(newCc);
  const isDuplicate = ccEmails.some((cc) => cc.toLowerCase() === newCc.trim().toLowerCase());

  const addCc = () => {
    if (isFull || isNewCcInvalid || newCc.trim() === '' || isDuplicate) return;
    onChange([...ccEmails, newCc.trim()]);
    setNewCc('');
    // Add CC is disabled again with the field empty: the focus goes back to the field for the next,
    // or, the list now full and the field gone, to the text that says so (not to a chip's Remove,
    // which a second Enter would press).
    requestAnimationFrame(() => (editor.current?.querySelector<HTMLElement>('input') ?? fullHint.current)?.focus());
  };

  // A removed chip's button goes with it: the focus moves to the chip now in its place (or the
  // last one), else to the new address field, instead of falling to the page's start.
  const remove = (index: number) => {
    onChange(ccEmails.filter((_, each) => each !== index));
    requestAnimationFrame(() => {
      const buttons = editor.current?.querySelectorAll<HTMLElement>('li button') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)] ?? editor.current?.querySelector<HTMLElement>('input');
      next?.focus();
    });
  };

  return (
    <div className={styles.ccList} ref={editor}>
      <p className={styles.counter}>
        {fillText(WEB_TEXTS.settings.listCcCount, { count: String(ccEmails.length), max: String(MAX_CC_EMAILS) })}
      </p>
      {ccEmails.length > 0 && (
        <ul className={styles.chips} aria-label={fillText(WEB_TEXTS.settings.truckerCcs, { name: owner })}>
          {ccEmails.map((cc, index) => (
            <li key={cc} className={styles.chip}>
              {cc}
              {!isReadOnly && (
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={fillText(WEB_TEXTS.settings.removeCc, { email: cc })}
                  onClick={() => remove(index)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isReadOnly ? null : isFull ? (
        <p className={styles.hint} ref={fullHint} tabIndex={-1}>
          {fullText}
        </p>
      ) : (
        <div className={styles.row}>
          <TextField
            className={styles.grow}
            type="email"
            label={fillText(WEB_TEXTS.settings.listNewCc, { list: owner })}
            value={newCc}
            onChange={(event) => setNewCc(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addCc();
            }}
            isInvalid={isNewCcInvalid || error !== undefined}
            errorId={`${errorPrefix}-cc`}
            autoComplete="off"
          />
          <Button variant="secondary" onClick={addCc} disabled={newCc.trim() === '' || isNewCcInvalid || isDuplicate}>
            {WEB_TEXTS.settings.addCc}
          </Button>
        </div>
      )}
      {(isNewCcInvalid || error !== undefined) && (
        <p id={`${errorPrefix}-cc`} className={styles.fieldError} role="alert">
          {isNewCcInvalid ? TEXTS.emailInvalid : error}
        </p>
      )}
    </div>
  );
}
