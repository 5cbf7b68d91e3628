import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SETTINGS_ERRORS } from '@clearport/contract/settings';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { bodiesSentTo, mockApi, renderWithProviders, type ApiAnswer } from '../../../testing/test-utils.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

const STATUS = {
  enabled: false,
  recovery_codes_left: 0,
  company: { require_two_factor: true, can_change: true },
};

/** The company's requirement as the server answers it: `put` answers a change. */
const requirement =
  (put: ApiAnswer) =>
  (_url: URL, init?: RequestInit): ApiAnswer =>
    init?.method === 'PUT' ? put : { body: { message: 'Saved.' } };

describe("the company's two-factor requirement", () => {
  it('asks for the password before it stops requiring a second factor, and sends it', async () => {
    const fetchMock = mockApi({
      '/user/two-factor': { body: STATUS },
      '/user/settings/two-factor': requirement({ body: { message: TWO_FACTOR_TEXTS.requireSaved } }),
    });
    renderWithProviders(<TwoFactorSettings />);
    fireEvent.click(await screen.findByRole('switch', { name: TWO_FACTOR_TEXTS.requireForCompany }));
    expect(screen.getByText(TWO_FACTOR_TEXTS.stopRequiringHint)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/settings/two-factor')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.stopRequiring }));
    expect((await screen.findByText(TWO_FACTOR_ERRORS.passwordEmpty)).textContent).toBe(
      TWO_FACTOR_ERRORS.passwordEmpty,
    );
    fireEvent.change(screen.getByLabelText(TWO_FACTOR_TEXTS.password), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.stopRequiring }));
    expect(await screen.findByRole('switch', { name: TWO_FACTOR_TEXTS.requireForCompany })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/settings/two-factor')).toEqual([
      { require_two_factor: false, current_password: 'my-password' },
    ]);
  });

  it('shows a wrong password on the form and keeps the requirement', async () => {
    mockApi({
      '/user/two-factor': { body: STATUS },
      '/user/settings/two-factor': requirement({
        status: 400,
        body: {
          message: `current_password: ${SETTINGS_ERRORS.currentPasswordWrong}`,
          field: 'current_password',
          errors: [SETTINGS_ERRORS.currentPasswordWrong],
        },
      }),
    });
    renderWithProviders(<TwoFactorSettings />);
    fireEvent.click(await screen.findByRole('switch', { name: TWO_FACTOR_TEXTS.requireForCompany }));
    fireEvent.change(screen.getByLabelText(TWO_FACTOR_TEXTS.password), { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.stopRequiring }));
    expect(await screen.findByText(SETTINGS_ERRORS.currentPasswordWrong)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const stillRequired = (await screen.findByRole('switch', {
      name: TWO_FACTOR_TEXTS.requireForCompany,
    })) as HTMLInputElement;
    expect(stillRequired.checked).toBe(true);
  });
});

describe('setting up a second factor', () => {
  it('may be left at the key with Cancel, turning nothing on', async () => {
    const fetchMock = mockApi({
      '/user/two-factor': { body: { ...STATUS, company: { require_two_factor: false, can_change: false } } },
      '/user/two-factor/start': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Clearport?secret=JBSWY3DPEHPK3PXP',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        },
      },
    });
    renderWithProviders(<TwoFactorSettings />);
    fireEvent.click(await screen.findByRole('button', { name: TWO_FACTOR_TEXTS.turnOn }));
    fireEvent.change(screen.getByLabelText(TWO_FACTOR_TEXTS.password), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.continue }));
    expect(await screen.findByRole('button', { name: TWO_FACTOR_TEXTS.verify })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: TWO_FACTOR_TEXTS.turnOn })).toBeTruthy();
    expect(screen.queryByRole('button', { name: TWO_FACTOR_TEXTS.verify })).toBeNull();
    expect(bodiesSentTo(fetchMock, '/user/two-factor/confirm')).toEqual([]);
  });
});
