import { useEffect, useRef } from 'react';
import Select, { components, type InputProps, type SelectInstance, type StylesConfig } from 'react-select';
import { SELECT_ITEMS_PER_PAGE, SELECT_MENU_MAX_HEIGHT, SELECT_MENU_MIN_HEIGHT } from '@clearport/contract/constants';
import type { Opening, SelectOption } from './select-field.tsx';

export type SelectMenuProps<V extends string | number> = {
  inputId: string;
  className: string;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  isLoading: boolean;
  isInvalid: boolean;
  errorId: string | undefined;
  placeholder: string | undefined;
  /** Opened by the user: focus the list, and open its menu (with what was typed) when asked. */
  opening: Opening;
};

/**
 * The portal's palette on react-select's own styles (index.css tokens); select-field.module.css
 * draws the same control before react-select is loaded.
 */
function paletteStyles<V extends string | number>(isInvalid: boolean): StylesConfig<SelectOption<V>, false> {
  return {
    control: (base, state) => ({
      ...base,
      minHeight: '2.75rem',
      borderColor: isInvalid
        ? 'var(--color-danger)'
        : state.isFocused
          ? 'var(--color-teal-600)'
          : 'var(--color-border-strong)',
      backgroundColor: isInvalid ? 'var(--color-danger-bg)' : base.backgroundColor,
      boxShadow: state.isFocused ? '0 0 0 2px var(--color-focus)' : 'none',
      borderRadius: 'var(--radius-sm)',
      '&:hover': { borderColor: 'var(--color-navy-700)' },
    }),
    option: (base, state) => ({
      ...base,
      color: state.isSelected ? '#fff' : 'var(--color-text)',
      backgroundColor: state.isSelected
        ? 'var(--color-navy-900)'
        : state.isFocused
          ? 'var(--color-teal-50)'
          : 'transparent',
    }),
    placeholder: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
    // As the look-alike's: a phone's narrow list shows the whole name on two lines rather than its start.
    singleValue: (base) => ({
      ...base,
      '@media (max-width: 599.98px)': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    }),
    menu: (base) => ({ ...base, zIndex: 20 }),
  };
}

/**
 * react-select describes its input by its placeholder; an invalid list is described by its error
 * instead, which a screen reader then reads with the field (aria-errormessage alone is seldom read).
 */
function DescribedInput<V extends string | number>(props: InputProps<SelectOption<V>, false>) {
  const { 'aria-invalid': isInvalid, 'aria-errormessage': errorId } = props.selectProps;
  return <components.Input {...props} {...(isInvalid && errorId ? { 'aria-describedby': errorId } : {})} />;
}

/**
 * react-select, in its own chunk: `SelectField` loads it when the user first focuses or opens the
 * list. The menu keeps the spec's heights, and Page Up/Down move by the spec's items per page.
 */
export function SelectMenu<V extends string | number>({
  inputId,
  className,
  options,
  value,
  onChange,
  isLoading,
  isInvalid,
  errorId,
  placeholder,
  opening,
}: SelectMenuProps<V>) {
  const select = useRef<SelectInstance<SelectOption<V>, false>>(null);
  // Later openings are react-select's own: only the first, the look-alike's, is handed over.
  const firstOpening = useRef(opening);
  // A menu open from the start focuses no option of its own: the one the opening key means takes
  // the focus (the chosen one, if any), so that Enter chooses it as on react-select's own control.
  useEffect(() => {
    const { isMenuOpen, focus } = firstOpening.current;
    if (isMenuOpen) select.current?.openMenu(focus);
  }, []);
  return (
    <Select<SelectOption<V>, false>
      ref={select}
      inputId={inputId}
      className={className}
      options={options}
      value={options.find((option) => option.value === value) ?? null}
      onChange={(option) => {
        if (option) onChange(option.value);
      }}
      isLoading={isLoading}
      placeholder={placeholder}
      aria-invalid={isInvalid || undefined}
      aria-errormessage={isInvalid ? errorId : undefined}
      maxMenuHeight={SELECT_MENU_MAX_HEIGHT}
      minMenuHeight={SELECT_MENU_MIN_HEIGHT}
      pageSize={SELECT_ITEMS_PER_PAGE}
      styles={paletteStyles<V>(isInvalid)}
      components={{ Input: DescribedInput<V> }}
      // The user is on this list: it takes the place of its look-alike, focus and all.
      autoFocus
      defaultMenuIsOpen={opening.isMenuOpen}
      defaultInputValue={opening.typed}
    />
  );
}
