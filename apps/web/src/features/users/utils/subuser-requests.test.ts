import { describe, expect, it } from 'vitest';
import { SUBUSER_ERRORS } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { SUBUSER as subuser } from '../../../testing/subusers-data.ts';
import { createRequestOf, formValuesOf, updateRequestOf } from './subuser-requests.ts';

describe('createRequestOf', () => {
  const values = { ...formValuesOf(undefined), name: 'Ana', email: 'ana@demo.test', role: 5, password: 'secret1' };

  it('builds the body with the company and the accounts', () => {
    expect(createRequestOf({ ...values, linkedAccounts: ['40001'] }, 3)).toEqual({
      body: {
        name: 'Ana',
        email: 'ana@demo.test',
        password: 'secret1',
        role: 5,
        linkedAccounts: ['40001'],
        company_id: 3,
      },
    });
  });

  it('takes the set-password e-mail instead of a password', () => {
    const checked = createRequestOf({ ...values, password: '', sendPasswordLink: true }, 3);
    expect(checked.body).toMatchObject({ send_password_link: true });
    expect(checked.body?.password).toBeUndefined();
  });

  it('answers the spec’s messages for what the server would refuse', () => {
    expect(createRequestOf({ ...values, role: null }, 3)).toEqual({ error: TEXTS.subuserInvalidRole, field: 'role' });
    expect(createRequestOf({ ...values, name: ' ' }, 3)).toEqual({ error: TEXTS.cannotBeEmpty, field: 'name' });
    expect(createRequestOf({ ...values, password: '' }, 3).error).toBe(SUBUSER_ERRORS.passwordOrLink);
    expect(createRequestOf({ ...values, password: 'abc' }, 3).error).toBe(TEXTS.resetPasswordTooShort);
    expect(createRequestOf({ ...values, email: 'nope' }, 3).error).toBe(TEXTS.emailInvalid);
  });
});

describe('updateRequestOf', () => {
  it('sends only what changed', () => {
    expect(updateRequestOf(formValuesOf(subuser), subuser)).toEqual({ body: {} });
    const values = { ...formValuesOf(subuser), linkedAccounts: ['40002'], active: false, role: 5 };
    expect(updateRequestOf(values, subuser)).toEqual({ body: { linkedAccounts: ['40002'], active: 0, role: 5 } });
    expect(updateRequestOf({ ...formValuesOf(subuser), linkedAccounts: ['40002', '40001'] }, subuser)).toEqual({
      body: {},
    });
  });

  it('sends a typed password, and refuses a short one', () => {
    expect(updateRequestOf({ ...formValuesOf(subuser), password: 'secret1' }, subuser).body).toEqual({
      password: 'secret1',
    });
    expect(updateRequestOf({ ...formValuesOf(subuser), password: 'abc' }, subuser).error).toBe(
      TEXTS.resetPasswordTooShort,
    );
  });
});
