import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { NOTE_MAX_LENGTH } from '@clearport/contract/constants';
import { roleName } from '@clearport/contract/roles';
import type { ShipmentNote } from '@clearport/contract/shipment-detail';
import { Button } from '../../../components/ui/button.tsx';
import { ListRestButton, useListRest } from '../../../components/ui/list-rest.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useAddNote } from '../api/add-note.ts';
import { formatInstant } from '../../../lib/format-date.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { useOneSend } from '../../../hooks/use-one-send.ts';
import { useRequestKey } from '../../../hooks/use-request-key.ts';
import styles from './shipment-notes.module.css';

type ShipmentNotesProps = {
  shipmentId: number;
  notes: readonly ShipmentNote[];
};

/** The latest notes a shipment's page shows before the user asks for the earlier ones. */
export const NOTES_SHOWN = 20;

/**
 * The shipment's notes, oldest first (the latest NOTES_SHOWN until the user asks for the rest), and
 * a box to add one; Submit needs text (spec section 5).
 */
export function ShipmentNotes({ shipmentId, notes }: ShipmentNotesProps) {
  const { part, rest, showRest, listRef } = useListRest<ShipmentNote, HTMLOListElement>(notes, NOTES_SHOWN, 'latest');
  const fieldId = useId();
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const addNoteMutation = useAddNote(shipmentId);
  const oneSend = useOneSend();
  const requestKey = useRequestKey();
  // The newest note is read first: the box opens at its end, and goes there again with each new
  // note; the earlier notes shown on request come above without moving it.
  const newest = notes.at(-1)?.id;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newest, listRef]);
  const note = text.trim();
  // A note typed and not submitted is not left behind without a word, nor lost to an ended session.
  useLeavePrompt(note !== '' && !addNoteMutation.isPending, WEB_TEXTS.shipment.noteUnsent);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note === '' || addNoteMutation.isPending || !oneSend.start()) return;
    // The box empties and Submit with it is disabled again: a focus still on the form (or lost)
    // goes back to the box; one the user took elsewhere meanwhile stays there.
    addNoteMutation.mutate(
      { note, requestKey: requestKey.keyOf(note) },
      {
        onSettled: (_reply, error) => {
          oneSend.settle();
          requestKey.settle(error);
        },
        onSuccess: () => {
          setText('');
          const active = document.activeElement;
          if (!active || active === document.body || active.closest('form') === box.current?.form) box.current?.focus();
        },
      },
    );
  };

  return (
    <Panel title={WEB_TEXTS.shipment.notesTitle}>
      {notes.length === 0 ? (
        <p className={styles.empty}>{WEB_TEXTS.shipment.noNotes}</p>
      ) : (
        <>
          <ListRestButton rest={rest} text={WEB_TEXTS.shipment.earlierNotes} onClick={showRest} />
          {/* It scrolls: the keyboard reaches it, and it takes the focus from the button above. */}
          <ol ref={listRef} className={styles.notes} tabIndex={0} aria-label={WEB_TEXTS.shipment.notesTitle}>
            {part.map((each) => (
              <li key={each.id} className={styles.note}>
                <p className={styles.meta}>
                  <span className={styles.author}>{each.name || roleName(each.role)}</span>
                  <span>{formatInstant(each.created_at)}</span>
                </p>
                <p className={styles.comments}>{each.comments}</p>
              </li>
            ))}
          </ol>
        </>
      )}
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={fieldId} className={styles.label}>
          {WEB_TEXTS.shipment.noteLabel}
        </label>
        <textarea
          ref={box}
          id={fieldId}
          className={styles.textarea}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" className={styles.submit} disabled={note === ''} isPending={addNoteMutation.isPending}>
          {addNoteMutation.isPending ? WEB_TEXTS.common.submitting : WEB_TEXTS.shipment.submitNote}
        </Button>
      </form>
    </Panel>
  );
}
