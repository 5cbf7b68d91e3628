import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/build-app.ts';
import { companyIdOf } from '../../test/session-users.ts';
import { STDERR_LOG } from '../lib/action.ts';
import { recordSecurityEvent } from '../modules/access/security-events.ts';
import { runBrokerCommand, USAGE } from './broker.ts';

const t = testAppForFile({ seedDemo: true });

describe('npm run broker -- security-events', () => {
  it('lists events across companies, newest first, filtered, as a table or JSON lines', async () => {
    expect(await runBrokerCommand(t.app.db, ['security-events'])).toEqual({
      code: 0,
      lines: ['No security event matches.'],
    });
    const demo = await companyIdOf(t.app.db, 'Demo Imports LLC');
    const other = await companyIdOf(t.app.db, 'Other Trading Co');
    const write = (companyId: number, kind: 'sign_in' | 'sign_out', email: string) =>
      recordSecurityEvent(
        { db: t.app.db, log: STDERR_LOG },
        { kind, outcome: 'success', companyId, userId: null, email, origin: { ip: '203.0.113.5', userAgent: null } },
      );
    await write(demo, 'sign_in', 'a@demo.test');
    await write(other, 'sign_in', 'b@other.test');
    await write(demo, 'sign_out', 'c@demo.test');

    const all = await runBrokerCommand(t.app.db, ['security-events']);
    expect(all.code).toBe(0);
    expect(all.lines[0]).toBe('when\tcompany\tuser\temail\tactor\tkind\toutcome\taddress\tdetail');
    expect(all.lines.slice(1).map((line) => line.split('\t')[3])).toEqual([
      'c@demo.test',
      'b@other.test',
      'a@demo.test',
    ]);
    expect(all.lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z\t\d+\t\tc@demo\.test\tuser\tsign_out\tsuccess\t203\.0\.113\.5\t\{\}$/,
    );

    const demoSignIns = await runBrokerCommand(t.app.db, [
      'security-events',
      '--company',
      String(demo),
      '--kind',
      'sign_in',
    ]);
    expect(demoSignIns.lines.slice(1).map((line) => line.split('\t')[3])).toEqual(['a@demo.test']);
    const limited = await runBrokerCommand(t.app.db, ['security-events', '--limit', '1', '--json']);
    expect(limited.lines.map((line) => JSON.parse(line).email)).toEqual(['c@demo.test']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await runBrokerCommand(t.app.db, ['security-events', '--since', tomorrow])).lines).toEqual([
      'No security event matches.',
    ]);
    expect((await runBrokerCommand(t.app.db, ['security-events', '--until', tomorrow])).lines).toHaveLength(4);
  });

  it('refuses an option it does not know, a kind that is none, a bad date or number', async () => {
    for (const args of [
      ['--kind', 'nonsense'],
      ['--since', 'yesterday'],
      // A day the calendar has not, a year alone, a time that leaves the machine's zone to guess.
      ['--since', '2026-02-30'],
      ['--until', '1'],
      ['--since', '2026-12-06T02:57:00'],
      ['--limit', '0'],
      ['--company', 'x'],
      ['--wat'],
      ['--kind'],
    ]) {
      const result = await runBrokerCommand(t.app.db, ['security-events', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.lines.at(-1)).toBe(USAGE);
    }
  });
});
