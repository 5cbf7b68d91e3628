import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { fillText } from '@clearport/contract/texts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ListRestButton } from '../../../components/ui/list-rest.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useFocusAfterChange } from '../../../hooks/use-focus-after-change.ts';
import styles from './delivery-order-forms.module.css';

/** A box's label, and the number a search looks in when the label holds more (a container's "(Assigned)"). */
type Choice = { id: number; label: string; number?: string };

type ChoiceListProps = {
  choices: readonly Choice[];
  chosen: readonly number[];
  isInvalid: boolean;
  isDisabled?: boolean;
  onChange: (chosen: number[]) => void;
};

function toggled(ids: readonly number[], id: number, isChosen: boolean): number[] {
  return isChosen ? [...ids, id] : ids.filter((each) => each !== id);
}

/** Checkboxes that choose ids: the order's containers, or its master or house bills. */
export function ChoiceList({ choices, chosen, isInvalid, isDisabled = false, onChange }: ChoiceListProps) {
  return (
    <div className={styles.choices}>
      {choices.map((choice) => (
        <Checkbox
          key={choice.id}
          label={choice.label}
          checked={chosen.includes(choice.id)}
          disabled={isDisabled}
          aria-invalid={isInvalid || undefined}
          onChange={(event) => onChange(toggled(chosen, choice.id, event.target.checked))}
        />
      ))}
    </div>
  );
}

/** A list of more choices than this offers them with a search, and the first ones until asked for the rest. */
export const CHOICES_SHOWN = 12;

/** What a long list says: its search's label, what it says when the search finds none, and its button. */
export type LongChoiceTexts = { find: string; noneFound: string; more: (count: number) => string };

/**
 * The order's containers, or its master or house bills. Up to CHOICES_SHOWN, every one as a
 * checkbox. A longer list has a search by number and a count of those chosen, and shows the first
 * ones, every one the order holds and every one ticked or unticked since (a box never moves or goes
 * while it is used), with a button for the rest; a search shows every one it finds.
 */
export function LongChoiceList({ texts, ...props }: ChoiceListProps & { texts: LongChoiceTexts }) {
  const { choices, chosen } = props;
  const [search, setSearch] = useState('');
  const [isWhole, setWhole] = useState(false);
  // Boxes unticked since the editor opened, kept in their place.
  const [kept, setKept] = useState<ReadonlySet<number>>(() => new Set());
  const listRef = useRef<HTMLDivElement>(null);
  // Where the first box the button brought stands in the whole list: the list goes on there.
  const firstBrought = useRef(CHOICES_SHOWN);
  useFocusAfterChange(
    isWhole ? 'whole' : 'part',
    useCallback(() => listRef.current?.querySelectorAll('input')[firstBrought.current], []),
  );
  if (choices.length <= CHOICES_SHOWN) return <ChoiceList {...props} />;

  const wanted = search.trim().toUpperCase();
  const shown = wanted
    ? choices.filter((choice) => (choice.number ?? choice.label).toUpperCase().includes(wanted))
    : isWhole
      ? choices
      : choices.filter((choice, index) => index < CHOICES_SHOWN || chosen.includes(choice.id) || kept.has(choice.id));
  const onChange = (next: number[]) => {
    setKept((before) => new Set([...before, ...chosen]));
    props.onChange(next);
  };
  // Enter in the search finds; it does not send the order.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };
  const chosenHere = choices.filter((choice) => chosen.includes(choice.id)).length;
  return (
    <>
      <div className={styles.choiceSearch}>
        <TextField
          type="search"
          label={texts.find}
          value={search}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onSearchKey}
        />
        <p className={styles.hint}>
          {fillText(WEB_TEXTS.deliveryOrders.choicesChosen, {
            chosen: chosenHere.toLocaleString('en-US'),
            total: choices.length.toLocaleString('en-US'),
          })}
        </p>
      </div>
      <div ref={listRef}>
        <ChoiceList {...props} choices={shown} onChange={onChange} />
      </div>
      {wanted && shown.length === 0 && (
        <p className={styles.hint}>{fillText(texts.noneFound, { search: search.trim() })}</p>
      )}
      {!wanted && (
        <ListRestButton
          rest={choices.length - shown.length}
          text={texts.more}
          onClick={() => {
            const wasShown = new Set(shown.map((choice) => choice.id));
            firstBrought.current = choices.findIndex((choice) => !wasShown.has(choice.id));
            setWhole(true);
          }}
        />
      )}
    </>
  );
}
