import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_INSTRUCTIONS } from '../../../testing/invoices-data.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { PaymentInstructionsPanel } from './payment-instructions.tsx';

describe('PaymentInstructionsPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('copies each bank detail with its own button and says Copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<PaymentInstructionsPanel instructions={PAYMENT_INSTRUCTIONS} />);
    const bank = screen.getByRole('region', { name: 'ACH/Wire' });
    const copies = within(bank)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(copies).toEqual([
      'Copy bank name',
      'Copy account name',
      'Copy account number',
      'Copy ACH routing number',
      'Copy wire routing number',
      'Copy SWIFT code',
    ]);
    await user.click(within(bank).getByRole('button', { name: 'Copy account number' }));
    expect(writeText).toHaveBeenLastCalledWith('000123456789');
    expect(await screen.findByText('Copied', { selector: '.Toastify *' })).toBeTruthy();
    await user.click(within(bank).getByRole('button', { name: 'Copy ACH routing number' }));
    expect(writeText).toHaveBeenLastCalledWith('011999993');
  });

  it('keeps numbers whole and lets an e-mail address wrap only after its @', () => {
    renderWithProviders(<PaymentInstructionsPanel instructions={PAYMENT_INSTRUCTIONS} />);
    const number = screen.getByText('000123456789');
    expect(number.className).toMatch(/number/);
    const mail = screen.getByRole('link', { name: 'checks@clearport.example' });
    expect(mail.innerHTML).toBe('checks@<wbr>clearport.example');
  });
});
