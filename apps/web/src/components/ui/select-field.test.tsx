import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SelectField, type SelectOption } from './select-field.tsx';

const PORTS: readonly SelectOption<string>[] = [
  { label: 'All ports', value: '' },
  { label: 'Boston', value: '0401' },
  { label: 'Buffalo', value: '0901' },
  { label: 'Newark', value: '4601' },
];

/** A list with its value kept as a screen keeps it; `onChange` sees every choice. */
function Harness({
  initial,
  onChange,
  isDisabled,
}: {
  initial: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Before</button>
      <SelectField
        label="Port"
        options={PORTS}
        value={value}
        isDisabled={isDisabled}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </>
  );
}

function renderList(initial = '0901', isDisabled = false) {
  const onChange = vi.fn();
  render(<Harness initial={initial} onChange={onChange} isDisabled={isDisabled} />);
  return onChange;
}

const list = () => screen.getByRole('combobox', { name: 'Port' });
const optionTexts = async () => (await screen.findAllByRole('option')).map((option) => option.textContent);

/** react-select has taken the look-alike's place, focused (react-select's control draws its input in a grid). */
async function isReactSelectFocused() {
  await waitFor(() => {
    expect(document.activeElement).toBe(list());
    expect(list().closest('[class*="-control"]')).not.toBeNull();
  });
}

describe('SelectField', () => {
  it('draws a closed look-alike under its label, with the chosen value, and no menu until used', () => {
    renderList();
    expect(list().getAttribute('aria-expanded')).toBe('false');
    expect(list().getAttribute('aria-haspopup')).toBe('true');
    expect(list().closest('[class*="-control"]')).toBeNull();
    expect(screen.getByText('Buffalo')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows the placeholder when nothing is chosen', () => {
    render(<SelectField label="Port" options={PORTS} value={null} onChange={vi.fn()} placeholder="Choose a port" />);
    expect(screen.getByText('Choose a port')).toBeTruthy();
  });

  it('opens the real menu on a click, focused, and keeps the value', async () => {
    const user = userEvent.setup();
    const onChange = renderList();
    await user.click(list());
    expect(await optionTexts()).toEqual(['All ports', 'Boston', 'Buffalo', 'Newark']);
    await isReactSelectFocused();
    expect(screen.getByRole('option', { name: 'Buffalo' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'Newark' }));
    expect(onChange).toHaveBeenCalledWith('4601');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(screen.getByText('Newark')).toBeTruthy();
  });

  it('is reached with Tab and opened with the keyboard; Enter chooses', async () => {
    const user = userEvent.setup();
    const onChange = renderList();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await isReactSelectFocused();
    expect(screen.queryByRole('option')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(await optionTexts()).toHaveLength(4);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('4601');
    expect(screen.getByText('Newark')).toBeTruthy();
  });

  it('opens with what was typed on the look-alike, filtering the menu', async () => {
    const user = userEvent.setup();
    const onChange = renderList('');
    // The keys reach the look-alike before react-select can take its place.
    list().focus();
    await user.keyboard('Bo');
    await waitFor(async () => expect(await optionTexts()).toEqual(['Boston']));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('0401');
  });

  it('chooses with Enter the option an opening key focused, before anything is chosen and react-select is loaded', async () => {
    const user = userEvent.setup();
    for (const [key, chosen] of [
      ['{ArrowDown}', ''],
      ['{ArrowUp}', '4601'],
      [' ', ''],
    ] as const) {
      // A fresh module: react-select's chunk is not loaded yet, so the key reaches the look-alike.
      vi.resetModules();
      const { SelectField: FreshField } = await import('./select-field.tsx');
      const onChange = vi.fn();
      const { unmount } = render(<FreshField label="Port" options={PORTS} value={null} onChange={onChange} />);
      list().focus();
      await user.keyboard(key);
      await isReactSelectFocused();
      await screen.findAllByRole('option');
      await user.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledWith(chosen);
      unmount();
    }
  });

  it('does not open while disabled', async () => {
    const user = userEvent.setup();
    renderList('0901', true);
    expect((list() as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByText('Buffalo'));
    expect(screen.queryByRole('option')).toBeNull();
    expect(list().closest('[class*="-control"]')).toBeNull();
  });
});
