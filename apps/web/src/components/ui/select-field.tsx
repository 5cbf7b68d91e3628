import { useId } from 'react';
import Select, { type StylesConfig } from 'react-select';
import { SELECT_ITEMS_PER_PAGE, SELECT_MENU_MAX_HEIGHT, SELECT_MENU_MIN_HEIGHT } from '@clearport/contract/constants';
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
};

/** The portal's palette on react-select's own styles (index.css tokens). */
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
      boxShadow: state.isFocused ? '0 0 0 3px rgb(13 148 136 / 35%)' : 'none',
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
    menu: (base) => ({ ...base, zIndex: 20 }),
  };
}

/**
 * A labelled single-choice list (react-select). The visible label names the combobox; the menu
 * keeps the spec's heights, and Page Up/Down move by the spec's items per page.
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
}: SelectFieldProps<V>) {
  const inputId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <Select<SelectOption<V>, false>
        inputId={inputId}
        className={styles.select}
        options={options}
        value={options.find((option) => option.value === value) ?? null}
        onChange={(option) => {
          if (option) onChange(option.value);
        }}
        isDisabled={isDisabled}
        isLoading={isLoading}
        placeholder={placeholder}
        aria-invalid={isInvalid || undefined}
        aria-errormessage={isInvalid ? errorId : undefined}
        maxMenuHeight={SELECT_MENU_MAX_HEIGHT}
        minMenuHeight={SELECT_MENU_MIN_HEIGHT}
        pageSize={SELECT_ITEMS_PER_PAGE}
        styles={paletteStyles<V>(isInvalid)}
      />
    </div>
  );
}
