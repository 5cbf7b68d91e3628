import { useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { SelectMenuProps } from './select-menu.tsx';
import styles from './select-field.module.css';

export type SelectOption<V extends string | number> = { label: string; value: V };

type SelectFieldProps<V extends string | number> = {
  label: string;
  options: readonly SelectOption<V>[];
  /** null while nothing is chosen. */
  value: V | null;
  onChange: (value: V) => void;
  isDisabled?: boolean;
  isLoading?: boolean;
  /** The error style, with `errorId` naming the message that explains it. */
  isInvalid?: boolean;
  errorId?: string;
  placeholder?: string;
  /** Sets the field's width (a filter bar's fixed widths, `FILTER_WIDTHS`); without it, the field fits its value. */
  className?: string;
};

// Generic components lose their type parameter through a dynamic import; the field restores it.
type SelectMenuComponent = ComponentType<SelectMenuProps<string | number>>;

let selectMenu: SelectMenuComponent | undefined;
let selectMenuLoading: Promise<SelectMenuComponent> | undefined;

/** react-select's chunk, fetched once; a failed fetch is tried again on the next opening. */
export function loadSelectMenu(): Promise<SelectMenuComponent> {
  selectMenuLoading ??= import('./select-menu.tsx').then(
    (module) => (selectMenu = module.SelectMenu as SelectMenuComponent),
    (error: unknown) => {
      selectMenuLoading = undefined;
      throw error;
    },
  );
  return selectMenuLoading;
}

/** Keys with which react-select opens its menu on a focused list. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ', 'PageDown', 'PageUp', 'Home', 'End']);

/**
 * How the user opened the list before react-select arrived: its menu open or not, the option to
 * focus in it (the last for Arrow Up and End, as react-select's own control does), and what was typed.
 */
export type Opening = { isMenuOpen: boolean; focus: 'first' | 'last'; typed: string };

const LAST_KEYS = new Set(['ArrowUp', 'End']);

/**
 * A labelled single-choice list (react-select). The visible label names the combobox; the menu
 * keeps the spec's heights, and Page Up/Down move by the spec's items per page.
 *
 * Until the user first focuses or opens it, the list is a look-alike of react-select's closed
 * control (the same box, value, chevron and combobox role under the same label): a screen with
 * several lists neither downloads react-select nor renders it before it is used. Focusing the
 * look-alike loads react-select, which takes its place focused, with its menu open if it was
 * opened (a click, an arrow, Enter or Space) and what was typed meanwhile.
 */
export function SelectField<V extends string | number>({
  label,
  options,
  value,
  onChange,
  isDisabled = false,
  isLoading = false,
  isInvalid = false,
  errorId,
  placeholder,
  className,
}: SelectFieldProps<V>) {
  const inputId = useId();
  // Set when react-select's chunk arrives, to draw it; once loaded, every list draws it at once.
  const [, setMenu] = useState<SelectMenuComponent | undefined>(undefined);
  const [opening, setOpening] = useState<Opening | null>(null);
  const lookAlike = useRef<HTMLInputElement>(null);

  const open = (change: (opening: Opening) => Opening) => {
    setOpening((current) => change(current ?? { isMenuOpen: false, focus: 'first', typed: '' }));
    if (selectMenu) return;
    void loadSelectMenu().then(
      (loaded) => {
        // Focused and left before react-select arrived: it waits for the next focus, loaded.
        setOpening((current) =>
          current && !current.isMenuOpen && document.activeElement !== lookAlike.current ? null : current,
        );
        setMenu(() => loaded);
      },
      () => setOpening(null),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (OPENING_KEYS.has(event.key)) {
      event.preventDefault();
      open((current) => ({ ...current, isMenuOpen: true, focus: LAST_KEYS.has(event.key) ? 'last' : 'first' }));
    } else if (event.key.length === 1) {
      event.preventDefault();
      open((current) => ({ ...current, isMenuOpen: true, typed: current.typed + event.key }));
    }
  };

  const Menu = selectMenu;
  const selected = options.find((option) => option.value === value);
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {Menu && opening && !isDisabled ? (
        <Menu
          inputId={inputId}
          className={styles.select!}
          options={options}
          value={value}
          onChange={onChange as (value: string | number) => void}
          isLoading={isLoading}
          isInvalid={isInvalid}
          errorId={errorId}
          placeholder={placeholder}
          opening={opening}
        />
      ) : (
        <div className={`${styles.select} ${styles.container}`} aria-disabled={isDisabled || undefined}>
          <div
            className={styles.control}
            data-invalid={isInvalid || undefined}
            onMouseDown={(event) => {
              if (isDisabled) return;
              // As react-select's control: a press opens the menu, and keeps the focus in the list.
              event.preventDefault();
              lookAlike.current?.focus();
              open((current) => ({ ...current, isMenuOpen: true }));
            }}
          >
            <div className={styles.valueContainer}>
              <div className={selected ? styles.singleValue : styles.placeholder}>
                {selected ? selected.label : (placeholder ?? 'Select...')}
              </div>
              <div className={styles.inputContainer}>
                <input
                  ref={lookAlike}
                  id={inputId}
                  className={styles.input}
                  type="text"
                  role="combobox"
                  aria-autocomplete="list"
                  aria-expanded={false}
                  aria-haspopup={true}
                  aria-invalid={isInvalid || undefined}
                  aria-errormessage={isInvalid ? errorId : undefined}
                  aria-describedby={isInvalid ? errorId : undefined}
                  autoCapitalize="none"
                  autoComplete="off"
                  autoCorrect="off"
                  spellCheck={false}
                  disabled={isDisabled}
                  value=""
                  onChange={() => undefined}
                  onFocus={() => open((current) => current)}
                  onKeyDown={onKeyDown}
                />
              </div>
            </div>
            <div className={styles.indicators}>
              {isLoading && (
                <div className={styles.loading} aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </div>
              )}
              <span className={styles.separator} />
              <div className={styles.dropdown} aria-hidden="true">
                <svg height="20" width="20" viewBox="0 0 20 20" focusable="false">
                  <path d="M4.516 7.548c0.436-0.446 1.043-0.481 1.576 0l3.908 3.747 3.908-3.747c0.533-0.481 1.141-0.446 1.574 0 0.436 0.445 0.408 1.197 0 1.615-0.406 0.418-4.695 4.502-4.695 4.502-0.217 0.223-0.502 0.335-0.787 0.335s-0.57-0.112-0.789-0.335c0 0-4.287-4.084-4.695-4.502s-0.436-1.17 0-1.615z" />
                </svg>
              </div>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
