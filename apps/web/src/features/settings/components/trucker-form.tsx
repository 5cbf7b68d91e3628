import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { MAX_CC_EMAILS } from '@clearport/contract/constants';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { TruckerInput, truckerFromContacts, type Trucker } from '@clearport/contract/truckers';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { FormFrame } from '../../../components/ui/form-frame.tsx';
import { useCreateTrucker } from '../api/create-trucker.ts';
import styles from './settings-forms.module.css';

/** The trucker's own address and its CC list. */
const MAX_CONTACTS = 1 + MAX_CC_EMAILS;

type TruckerFormErrors = {
  name?: string;
  /** By the contact's position in the form. */
  contacts: Record<number, string>;
  list?: string;
};

const NO_ERRORS: TruckerFormErrors = { contacts: {} };

/**
 * Where each error of TruckerInput (or the server's `truckers.0.*` refusal) belongs in the form.
 * `filled` maps the trucker's addresses back to the contacts they came from, blanks left out.
 */
function errorsOf(path: readonly PropertyKey[], message: string, filled: readonly number[]): TruckerFormErrors {
  const [field, index] = path;
  if (field === 'name') return { name: message, contacts: {} };
  if (field === 'email') return { contacts: { [filled[0] ?? 0]: message } };
  if (field === 'cc_emails' && typeof index === 'number') return { contacts: { [filled[index + 1] ?? 0]: message } };
  return { contacts: {}, list: message };
}

function mergeErrors(all: TruckerFormErrors[]): TruckerFormErrors {
  return all.reduce<TruckerFormErrors>(
    (merged, each) => ({
      name: merged.name ?? each.name,
      list: merged.list ?? each.list,
      contacts: { ...each.contacts, ...merged.contacts },
    }),
    { contacts: {} },
  );
}

function failureOf(error: unknown, filled: readonly number[]): { errors: TruckerFormErrors; message: string } {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { errors: NO_ERRORS, message: TEXTS.truckerCreateError };
  }
  const fieldPath = error.field?.split('.').slice(2) ?? [];
  const text = error.errors[0];
  if (error.status === 400 && text && fieldPath.length > 0) {
    const index = fieldPath[1] === undefined ? undefined : Number(fieldPath[1]);
    return {
      errors: errorsOf([fieldPath[0] ?? '', ...(index === undefined ? [] : [index])], text, filled),
      message: '',
    };
  }
  return { errors: NO_ERRORS, message: TEXTS.truckerCreateFailed };
}

type TruckerFormProps = {
  onCreated: (trucker: Trucker) => void;
  /** Offers Cancel, as in a dialog. */
  onCancel?: () => void;
  /** Told whether the form holds text, so that a dialog asks before closing over it. */
  onInputChange?: (hasInput: boolean) => void;
  /** On a page (Settings): the question leaving asks while the form holds text (spec section 5). */
  leaveQuestion?: string;
};

/** The New Trucker form (spec section 2): a name and a list of contacts, empty again once created. */
export function TruckerForm({ onCreated, onCancel, onInputChange, leaveQuestion }: TruckerFormProps) {
  const errorPrefix = useId();
  const [name, setName] = useState('');
  const [contacts, setContacts] = useState<string[]>(['']);
  /** A key per contact that stays with it when one before it is removed. */
  const [contactKeys, setContactKeys] = useState<number[]>([0]);
  const nextContactKey = useRef(1);
  const [errors, setErrors] = useState<TruckerFormErrors>(NO_ERRORS);
  const [message, setMessage] = useState('');
  const createMutation = useCreateTrucker();
  const contactInputs = useRef<(HTMLInputElement | null)[]>([]);
  const nameInput = useRef<HTMLInputElement>(null);
  const hasText = name.trim() !== '' || contacts.some((contact) => contact.trim() !== '');
  useLeavePrompt(leaveQuestion !== undefined && hasText && !createMutation.isPending, leaveQuestion ?? '');
  useEffect(() => onInputChange?.(hasText), [hasText, onInputChange]);
  /** The contact to focus once the list has changed: the added one, or the one before a removed one. */
  const focusAfterChange = useRef<number | null>(null);

  // Add and remove take their own button away (Add at the tenth CC, remove with its contact);
  // the focus moves to a contact instead of falling out of the dialog, where Escape would not reach it.
  useEffect(() => {
    const index = focusAfterChange.current;
    focusAfterChange.current = null;
    if (index !== null) contactInputs.current[index]?.focus();
  }, [contacts.length]);

  const addContact = () => {
    focusAfterChange.current = contacts.length;
    setContacts((all) => [...all, '']);
    setContactKeys((all) => [...all, nextContactKey.current++]);
  };
  /** Any contact goes, the first too while another is left: the next one becomes the trucker's address. */
  const removeContact = (index: number) => {
    focusAfterChange.current = Math.max(0, index - 1);
    setContacts((all) => all.filter((_, at) => at !== index));
    setContactKeys((all) => all.filter((_, at) => at !== index));
    // The errors were placed by position.
    setErrors(NO_ERRORS);
  };

  /** A refused form's errors, and the focus on the first field at fault, so that its error is read out. */
  const refuse = (refusal: TruckerFormErrors) => {
    setErrors(refusal);
    const [contact] = Object.keys(refusal.contacts)
      .map(Number)
      .sort((one, other) => one - other);
    const field = refusal.name ? nameInput.current : contact === undefined ? null : contactInputs.current[contact];
    // After the render that links the field to its error.
    if (field) requestAnimationFrame(() => field.focus());
  };

  const filledIndexes = contacts.flatMap((contact, index) => (contact.trim() === '' ? [] : [index]));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (createMutation.isPending) return;
    setMessage('');
    const trucker = truckerFromContacts(name, contacts);
    const parsed = TruckerInput.safeParse(trucker);
    if (!parsed.success) {
      refuse(mergeErrors(parsed.error.issues.map((issue) => errorsOf(issue.path, issue.message, filledIndexes))));
      return;
    }
    setErrors(NO_ERRORS);
    createMutation.mutate(parsed.data, {
      onSuccess: (reply) => {
        const [created] = reply.truckers;
        toast.success(TEXTS.truckerCreated);
        setName('');
        setContacts(['']);
        setContactKeys([nextContactKey.current++]);
        if (created) onCreated(created);
      },
      onError: (error) => {
        const failure = failureOf(error, filledIndexes);
        refuse(failure.errors);
        setMessage(failure.message);
        if (failure.message) toast.error(failure.message);
      },
    });
  };

  return (
    <FormFrame
      isSubmitting={createMutation.isPending}
      submitLabel={createMutation.isPending ? WEB_TEXTS.common.saving : WEB_TEXTS.settings.createTrucker}
      failure={message}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <div>
        <TextField
          ref={nameInput}
          label={WEB_TEXTS.settings.truckerNameLabel}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            // A name typed in is no longer missing.
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          isInvalid={Boolean(errors.name)}
          errorId={`${errorPrefix}-name`}
          autoComplete="off"
        />
        {errors.name && (
          <p id={`${errorPrefix}-name`} className={styles.fieldError}>
            {errors.name}
          </p>
        )}
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{WEB_TEXTS.settings.truckerContactsLegend}</legend>
        <p className={styles.hint}>{WEB_TEXTS.settings.truckerContactsHint}</p>
        {contacts.map((contact, index) => {
          const number = String(index + 1);
          const errorId = `${errorPrefix}-contact-${number}`;
          return (
            <div key={contactKeys[index]} className={styles.contactRow}>
              <TextField
                className={styles.grow}
                type="email"
                ref={(input) => {
                  contactInputs.current[index] = input;
                }}
                label={fillText(WEB_TEXTS.settings.truckerContactLabel, { number })}
                value={contact}
                onChange={(event) => {
                  setContacts((all) => all.map((each, at) => (at === index ? event.target.value : each)));
                  setErrors((current) => {
                    const { [index]: _typedIn, ...others } = current.contacts;
                    return { ...current, contacts: others, list: undefined };
                  });
                }}
                isInvalid={Boolean(errors.contacts[index])}
                errorId={errorId}
                autoComplete="off"
              />
              {contacts.length > 1 && (
                <Button
                  variant="secondary"
                  aria-label={fillText(WEB_TEXTS.settings.removeContact, { number })}
                  onClick={() => removeContact(index)}
                >
                  {'\u2212'}
                </Button>
              )}
              {errors.contacts[index] && (
                <p id={errorId} className={styles.fieldError}>
                  {errors.contacts[index]}
                </p>
              )}
            </div>
          );
        })}
        {contacts.length >= MAX_CONTACTS ? (
          <p className={styles.hint}>{TEXTS.maxTruckerCc}</p>
        ) : (
          <Button variant="secondary" onClick={addContact}>
            {WEB_TEXTS.settings.addContact}
          </Button>
        )}
        {errors.list && <p className={styles.fieldError}>{errors.list}</p>}
      </fieldset>
    </FormFrame>
  );
}
