import { describe, expect, it } from 'vitest';
import { ForgotPasswordRequest, ResetPasswordRequest } from './auth.ts';
import { isEmail } from './email-address.ts';
import { Email, EmailOrEmpty } from './http.ts';
import { TEXTS } from './texts.ts';

const ACCEPTED = [
  'ann@example.com',
  'Ann.Lee@Example.COM',
  'ann+customs@example.com',
  'ann.lee+do.2024@mail.example.co.uk',
  'first-last@sub-domain.example.org',
  'under_score@example.io',
  "o'brien@example.ie",
  'x@ex.museum',
  'import@brokerage.photography',
  'ann@xn--mnchen-3ya.de',
  'ann@example.xn--p1ai',
  '1234@123.example.com',
  'a@b.co',
  `${'l'.repeat(64)}@example.com`,
  `a@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(56)}.com`,
];

const REFUSED = [
  '"><img/src=x/onerror=alert(1)>@probe.test',
  '<ann@example.com>',
  'Ann <ann@example.com>',
  '"ann"@example.com',
  '"a b"@example.com',
  'a\\b@example.com',
  'ann lee@example.com',
  'ann@exa mple.com',
  'ann@example.com,bob@example.com',
  'ann@example.com;bob@example.com',
  'ann(comment)@example.com',
  'ann@example.com (Ann)',
  'ann@example.com\r\nBcc: evil@example.com',
  'ann\n@example.com',
  'ann\t@example.com',
  'ann\u0000@example.com',
  'ann@ex\u202eample.com',
  'ann?cc=evil@example.com',
  'ann&bob@example.com',
  'ann#1@example.com',
  'ann%evil@example.com',
  'ann{x}@example.com',
  'ann`x@example.com',
  'ann@münchen.de',
  'jöran@example.com',
  'ann@[10.0.0.1]',
  'ann@localhost',
  'ann@example',
  'ann@example.c',
  'ann@example.123',
  'ann@-example.com',
  'ann@example-.com',
  'ann@exa_mple.com',
  'ann@example..com',
  'ann@.example.com',
  'ann@example.com.',
  '.ann@example.com',
  'ann.@example.com',
  'an..n@example.com',
  'ann@@example.com',
  'ann@bob@example.com',
  '@example.com',
  'ann@',
  'ann',
  '',
  `${'l'.repeat(65)}@example.com`,
  `a@${'d'.repeat(64)}.com`,
  `a@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(57)}.com`,
];

describe('the e-mail address check', () => {
  it.each(ACCEPTED)('accepts %s', (address) => {
    expect(isEmail(address)).toBe(true);
  });

  it.each(REFUSED.map((address) => [JSON.stringify(address), address]))('refuses %s', (_, address) => {
    expect(isEmail(address)).toBe(false);
  });

  it('refuses an address longer than 254 characters with the spec texts, not a count', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.test`;
    expect(long.length).toBeGreaterThan(254);
    expect(Email.safeParse(long).error?.issues.map((issue) => issue.message)).toEqual([TEXTS.emailInvalid]);
    expect(EmailOrEmpty.safeParse(long).error?.issues.map((issue) => issue.message)).toEqual([TEXTS.emailInvalid]);
    const reset = { email: long, password: 'secret-1', password_confirmation: 'secret-1' };
    expect(ResetPasswordRequest.safeParse(reset).error?.issues[0]?.message).toBe(TEXTS.resetEmailInvalid);
  });

  it('is the check of every address schema, with the spec texts', () => {
    const markup = '"><img/src=x/onerror=alert(1)>@probe.test';
    expect(Email.safeParse(markup).error?.issues[0]?.message).toBe(TEXTS.emailInvalid);
    expect(EmailOrEmpty.safeParse(markup).error?.issues[0]?.message).toBe(TEXTS.emailInvalid);
    expect(ForgotPasswordRequest.safeParse({ email: markup }).error?.issues[0]?.message).toBe('Email address invalid');
    const reset = { email: markup, password: 'secret-1', password_confirmation: 'secret-1' };
    expect(ResetPasswordRequest.safeParse(reset).error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(Email.parse('  Ann+do@Example.com ')).toBe('Ann+do@Example.com');
    expect(EmailOrEmpty.parse('  ')).toBe('');
  });
});
