import { describe, expect, it } from 'vitest';
import { filterQueryOf, shortUserAgent } from './security-events-list.ts';

describe('shortUserAgent', () => {
  it('keeps the first product and its platform', () => {
    expect(
      shortUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Mozilla/5.0 (X11; Linux x86_64)');
    expect(shortUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(shortUserAgent(null)).toBe('');
    expect(shortUserAgent(`x${'y'.repeat(100)}`)).toHaveLength(60);
  });
});

describe('filterQueryOf', () => {
  it('sends only the filters chosen', () => {
    expect(filterQueryOf({ userId: '', kind: '', from: '', to: '' })).toEqual({});
    expect(filterQueryOf({ userId: '7', kind: 'sign_in', from: '2026-11-01', to: '2026-11-02' })).toEqual({
      user_id: '7',
      kind: 'sign_in',
      from: '2026-11-01',
      to: '2026-11-02',
    });
  });

  it('sends days typed the wrong way round in order, so the API does not refuse the list', () => {
    expect(filterQueryOf({ userId: '', kind: '', from: '2026-11-20', to: '2026-11-02' })).toEqual({
      from: '2026-11-02',
      to: '2026-11-20',
    });
  });

  it('leaves out a day the API would refuse', () => {
    expect(filterQueryOf({ userId: '', kind: '', from: '20266-11-20', to: '2026-11-02' })).toEqual({
      to: '2026-11-02',
    });
  });
});
