import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomsEntry, CustomsEntryLine, CustomsEntryResponse } from '@clearport/contract/customs-entry';
import { bodiesSentTo, mockApi, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { CustomsEntryPanel } from './customs-entry-panel.tsx';

const PATH = '/user/shipments/12/customs-entry';

const entry = (overrides: Partial<CustomsEntry> = {}): CustomsEntry => ({
  entry_number: 'DMI-4120012-1',
  entry_type: '01',
  port_code: '4601',
  entry_date: '2026-11-02',
  summary_date: null,
  release_date: '2026-11-04',
  liquidation_date: null,
  liquidation_status: 'unliquidated',
  bond_type: 'continuous',
  importer_of_record: '27-4108356-00',
  mode: 'ocean',
  country_of_origin: 'CN',
  country_of_export: 'CN',
  totals: {
    entered_value_cents: 31_270_01,
    duty_cents: 6_984_50,
    mpf_cents: 108_32,
    hmf_cents: 39_09,
    other_fees_cents: 0,
    total_due_cents: 7_131_91,
    section_301_lines: 1,
    section_301_duty_cents: 5_367_50,
    section_301_lines_without_duty: 0,
  },
  dispositions: [
    { agency: 'CBP', disposition: 'released', disposed_at: '2026-11-04T15:00:00.000Z', note: '' },
    { agency: 'FDA', disposition: 'hold_intact', disposed_at: '2026-11-03T14:00:00.000Z', note: 'Sampling requested' },
  ],
  line_count: 2,
  earlier_entries: [],
  approval: { state: 'not_needed', path_to_7501: null, decided_by: null, decided_at: null, comment: '' },
  ...overrides,
});

const line = (lineNumber: number, overrides: Partial<CustomsEntryLine> = {}): CustomsEntryLine => ({
  line_number: lineNumber,
  hts_number: '9403609081',
  description: 'Wooden dining tables',
  quantity: '240.000',
  unit: 'No.',
  entered_value_cents: 21_470_00,
  duty_rate: 'Free + 25%',
  duty_cents: 5_367_50,
  adcvd: false,
  section_301: true,
  section_301_duty_cents: 5_367_50,
  ...overrides,
});

/** A 7501 the company's rule holds for its decision. */
const AWAITING: CustomsEntry['approval'] = {
  state: 'awaiting',
  path_to_7501: 'entry-summaries/a.pdf',
  decided_by: null,
  decided_at: null,
  comment: '',
};

const render = (canDecide = true) => renderWithProviders(<CustomsEntryPanel shipmentId={12} canDecide={canDecide} />);
const valueOf = (label: string) =>
  within(screen.getByRole('region', { name: 'Customs entry' })).getByText(label, { selector: 'dt' }).nextElementSibling
    ?.textContent;

describe('the Customs entry panel', () => {
  it('shows the entry, its totals, each agency’s disposition and its lines as a clerk reads them', async () => {
    mockApi({
      [PATH]: {
        body: {
          entry: entry(),
          lines: [line(1), line(2, { section_301: false, section_301_duty_cents: null })],
          next_line: null,
        },
      },
    });
    render();
    expect(await screen.findByText('DMI-4120012-1')).toBeTruthy();
    expect(valueOf('Entry type')).toBe('01 Consumption - Free and Dutiable');
    expect(valueOf('Port of entry')).toBe('4601 New York/Newark Area, Newark, NJ');
    expect(valueOf('Release date')).toBe('11/04/2026');
    expect(valueOf('Entered value')).toBe('$31,270.01');
    expect(valueOf('Total due')).toBe('$7,131.91');
    expect(valueOf('Section 301 duty')).toBe('$5,367.50');
    expect(screen.getByText('Hold Intact')).toBeTruthy();
    expect(screen.getByText('Sampling requested')).toBeTruthy();
    expect(screen.getByText('11/03/2026 2:00 PM')).toBeTruthy();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Line', 'HTS number', 'Description', 'Quantity', 'Entered value', 'Duty rate', 'Duty', 'Flags']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '1',
      '9403.60.9081',
      'Wooden dining tables',
      '240 No.',
      '$21,470.00',
      'Free + 25%',
      '$5,367.50Section 301: $5,367.50',
      'Section 301',
    ]);
    expect(within(rows[2]!).getAllByRole('cell')[6]!.textContent).toBe('$5,367.50');
  });

  it('shows a Section 301 line’s part under its duty, or that the broker has not given it', async () => {
    const lines = [
      line(1, { duty_rate: '16.5% + 7.5%', duty_cents: 2_400_00, section_301_duty_cents: 750_00 }),
      line(2, { section_301_duty_cents: null }),
      line(3, { duty_cents: 0, section_301_duty_cents: 0 }),
    ];
    mockApi({ [PATH]: { body: { entry: entry({ line_count: 3 }), lines, next_line: null } } });
    render();
    const table = await screen.findByRole('table');
    const duties = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[6]!.textContent);
    expect(duties).toEqual([
      '$2,400.00Section 301: $750.00',
      '$5,367.50Section 301: not given',
      '$0.00Section 301: $0.00',
    ]);
  });

  it.each([
    [3, 0, 3_100_00, '$3,100.00'],
    [3, 1, 750_00, '$750.00 (1 line not given)'],
    [4, 2, 750_00, '$750.00 (2 lines not given)'],
    [2, 2, 0, 'not given'],
  ])(
    'sums the Section 301 duty of %i flagged lines among the totals, %i of them not given',
    async (flagged, without, cents, shown) => {
      const totals = {
        ...entry().totals!,
        section_301_lines: flagged,
        section_301_lines_without_duty: without,
        section_301_duty_cents: cents,
      };
      mockApi({ [PATH]: { body: { entry: entry({ totals }), lines: [line(1)], next_line: null } } });
      render();
      expect(await screen.findByText('DMI-4120012-1')).toBeTruthy();
      expect(valueOf('Section 301 duty')).toBe(shown);
    },
  );

  it('lets a slash end a line of the entry type and the port, not a word broken where room runs out', async () => {
    mockApi({ [PATH]: { body: { entry: entry({ entry_type: '03' }), lines: [line(1)], next_line: null } } });
    render();
    expect(await screen.findByText('DMI-4120012-1')).toBeTruthy();
    expect(valueOf('Entry type')).toBe('03 Consumption - Antidumping/Countervailing Duty');
    for (const label of ['Entry type', 'Port of entry']) {
      const value = within(screen.getByRole('region', { name: 'Customs entry' })).getByText(label, {
        selector: 'dt',
      }).nextElementSibling!;
      expect(value.querySelectorAll('wbr'), label).toHaveLength(1);
      expect(value.innerHTML, label).toMatch(/\/<wbr>/);
    }
  });

  it('shows no Section 301 total on an entry without flagged lines', async () => {
    const totals = { ...entry().totals!, section_301_lines: 0, section_301_duty_cents: 0 };
    const lines = [line(1, { section_301: false, section_301_duty_cents: null })];
    mockApi({ [PATH]: { body: { entry: entry({ totals }), lines, next_line: null } } });
    render();
    expect(await screen.findByText('DMI-4120012-1')).toBeTruthy();
    expect(valueOf('Duty')).toBe('$6,984.50');
    expect(screen.queryByText('Section 301 duty')).toBeNull();
  });

  it('shows no money to a role that does not see invoices', async () => {
    const lines = [line(1, { entered_value_cents: null, duty_cents: null, section_301_duty_cents: null })];
    mockApi({ [PATH]: { body: { entry: entry({ totals: null }), lines, next_line: null } } });
    render();
    expect(await screen.findByText('DMI-4120012-1')).toBeTruthy();
    expect(screen.queryByText('Total due')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Duty' })).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.queryByText(/Section 301:/)).toBeNull();
  });

  it('loads the lines beyond the first page on request', async () => {
    const pages: Record<string, CustomsEntryResponse> = {
      '': { entry: entry({ line_count: 3 }), lines: [line(1), line(2)], next_line: 2 },
      '2': { entry: entry({ line_count: 3 }), lines: [line(3, { description: 'Cotton T-shirts' })], next_line: null },
    };
    const fetchMock = mockApi({ [PATH]: (url) => ({ body: pages[url.searchParams.get('after_line') ?? '']! }) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Show more lines' }));
    expect(await screen.findByText('Cotton T-shirts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more lines' })).toBeNull();
    expect(requestsTo(fetchMock, PATH).map((url) => url.searchParams.get('after_line'))).toEqual([null, '2']);
  });

  it('asks to approve a 7501 the company’s rule holds, and approves the one shown', async () => {
    let approval = AWAITING;
    const fetchMock = mockApi({
      [PATH]: () => ({ body: { entry: entry({ approval }), lines: [], next_line: null } }),
      [`${PATH}/approve`]: () => {
        approval = {
          ...approval,
          state: 'approved',
          decided_by: 'Pat Primary',
          decided_at: '2026-11-26T15:00:00.000Z',
        };
        return { body: { approval } };
      },
    });
    render();
    const box = await screen.findByRole('group', { name: 'Awaiting your approval' });
    expect(box.textContent).toContain('Duty: $6,984.50');
    await userEvent.click(within(box).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/^Approved by Pat Primary on/)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, `${PATH}/approve`)).toEqual([{ path_to_7501: 'entry-summaries/a.pdf' }]);
  });

  it('brings the awaiting approval into focus when opened from the 7501 mail’s link', async () => {
    mockApi({ [PATH]: () => ({ body: { entry: entry({ approval: AWAITING }), lines: [], next_line: null } }) });
    renderWithProviders(<CustomsEntryPanel shipmentId={12} canDecide />, { url: '/shipments/12?review=7501' });
    const box = await screen.findByRole('group', { name: 'Awaiting your approval' });
    expect(document.activeElement).toBe(box);
  });

  it('queries a 7501 with a comment', async () => {
    const approval = AWAITING;
    const fetchMock = mockApi({
      [PATH]: { body: { entry: entry({ approval }), lines: [], next_line: null } },
      [`${PATH}/query`]: { body: { approval: { ...approval, state: 'queried', comment: 'Check line 2' } } },
    });
    render();
    const box = await screen.findByRole('group', { name: 'Awaiting your approval' });
    await userEvent.click(within(box).getByRole('button', { name: 'Query' }));
    expect(within(box).getByRole<HTMLButtonElement>('button', { name: 'Send query' }).disabled).toBe(true);
    await userEvent.type(within(box).getByRole('textbox', { name: 'What should your broker check?' }), 'Check line 2');
    await userEvent.click(within(box).getByRole('button', { name: 'Send query' }));
    await screen.findByText('Your query was sent to your broker.');
    expect(bodiesSentTo(fetchMock, `${PATH}/query`)).toEqual([
      { path_to_7501: 'entry-summaries/a.pdf', comment: 'Check line 2' },
    ]);
  });

  it('shows the read-only role the request without the buttons', async () => {
    const approval = AWAITING;
    mockApi({ [PATH]: { body: { entry: entry({ approval, totals: null }), lines: [], next_line: null } } });
    render(false);
    const box = await screen.findByRole('group', { name: 'Awaiting your approval' });
    expect(within(box).queryByRole('button')).toBeNull();
  });

  it('says when the broker has not filed the entry yet', async () => {
    mockApi({ [PATH]: { body: { entry: null, lines: [], next_line: null } } });
    render();
    expect(await screen.findByText('Your broker has not filed the customs entry yet.')).toBeTruthy();
  });
});
