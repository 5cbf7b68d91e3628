import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarDayIn } from '@clearport/contract/calendar';
import { API_PATHS } from '@clearport/contract/paths';
import {
  presetRange,
  REPORT_KINDS,
  type DutyByChapterResponse,
  type DutyByMonthResponse,
  type EntriesByPortResponse,
  type OpenInvoicesResponse,
  type ReleaseDaysResponse,
  type ReleaseEntriesResponse,
} from '@clearport/contract/reports';
import { PROFILE } from '../../../testing/shipments-data.ts';
import { bodiesSentTo, mockApi, renderRoutes, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { ReportsRoute } from './reports.tsx';

const DUTY_BY_MONTH: DutyByMonthResponse = {
  months: [
    {
      month: '2026-03',
      entries: 4,
      duty_cents: 1_234_56,
      mpf_cents: 135_00,
      hmf_cents: 40_00,
      other_fees_cents: 0,
      total_cents: 1_409_56,
      previous_year_total_cents: 980_00,
    },
  ],
};

const ENTRIES_BY_PORT: EntriesByPortResponse = {
  ports: [{ port_code: '2704', port_name: 'Los Angeles', entries: 7, entered_value_cents: 81_000_00 }],
  modes: [{ mode: 'ocean', entries: 7, entered_value_cents: 81_000_00 }],
};

const DUTY_BY_CHAPTER: DutyByChapterResponse = {
  chapters: [
    {
      chapter: '94',
      name: 'Furniture; bedding; lamps; prefabricated buildings',
      entered_value_cents: 21_470_00,
      duty_cents: 5_367_50,
      section_301_lines_duty_cents: 5_367_50,
      section_301_duty_cents: 4_000_00,
      section_301_lines_without_duty: 1,
      adcvd_lines_duty_cents: 0,
    },
  ],
  top_hts: [
    {
      hts_number: '9403609081',
      lines: 3,
      entered_value_cents: 21_470_00,
      duty_cents: 5_367_50,
      section_301_lines_duty_cents: 5_367_50,
      section_301_duty_cents: 4_000_00,
      section_301_lines_without_duty: 1,
      adcvd_lines_duty_cents: 0,
    },
  ],
};

const RELEASE_DAYS: ReleaseDaysResponse = {
  entries: 12,
  median_days: 3,
  p90_days: 8,
  histogram: [
    { days: 2, entries: 5 },
    { days: 3, entries: 4 },
    { days: 8, entries: 3 },
  ],
  weeks: [{ week: '2026-03-02', entries: 12, median_days: 1, p90_days: 8 }],
  over_threshold: 3,
};

const releaseEntry = (id: number): ReleaseEntriesResponse['entries'][number] => ({
  shipment_id: id,
  file_number: `DMI-${id}`,
  entry_number: `DMI-41200${id}-1`,
  account_no: '40001',
  port_code: '2704',
  arrival_date: '2026-03-01',
  release_date: '2026-03-09',
  days: 8,
});

const OPEN_INVOICES: OpenInvoicesResponse = {
  as_of: '2026-03-20',
  buckets: [
    { bucket: '0-30', invoices: 2, amount_cents: 1_500_00 },
    { bucket: '31-60', invoices: 0, amount_cents: 0 },
    { bucket: '61-90', invoices: 1, amount_cents: 700_00 },
    { bucket: 'over-90', invoices: 0, amount_cents: 0 },
  ],
  accounts: [
    {
      account_no: '40001',
      buckets: [
        { bucket: '0-30', invoices: 2, amount_cents: 1_500_00 },
        { bucket: '61-90', invoices: 1, amount_cents: 700_00 },
      ],
    },
  ],
};

function mockReports(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/user/profile': { body: PROFILE },
    [API_PATHS.reportDutyByMonth]: { body: DUTY_BY_MONTH },
    [API_PATHS.reportEntriesByPort]: { body: ENTRIES_BY_PORT },
    [API_PATHS.reportDutyByChapter]: { body: DUTY_BY_CHAPTER },
    [API_PATHS.reportReleaseDays]: { body: RELEASE_DAYS },
    [API_PATHS.reportReleaseDaysEntries]: (url) =>
      url.searchParams.get('after')
        ? { body: { entries: [releaseEntry(3)], next: null } }
        : { body: { entries: [releaseEntry(1), releaseEntry(2)], next: '2026-03-09.2' } },
    [API_PATHS.reportOpenInvoices]: { body: OPEN_INVOICES },
    [API_PATHS.reportSubscriptions]: (_url, init) => ({
      body: init?.method === 'PUT' ? JSON.parse(String(init.body)) : { reports: ['openInvoices'] },
    }),
    ...overrides,
  });
}

function renderReports(url = '/reports') {
  return renderWithProviders(<ReportsRoute />, { path: '/reports', url });
}

/** Switches a chart to its table and gives the table back. */
async function tableOf(label: string) {
  const views = await screen.findByRole('group', { name: `${label}: view` });
  await userEvent.click(within(views).getByRole('button', { name: 'Table' }));
  return screen.getByRole('table', { name: label });
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('ReportsRoute', () => {
  it('shows each report as a table from its reply', async () => {
    // React's warnings too, such as two texts of a chart with one key.
    const errors = vi.spyOn(console, 'error');
    mockReports();
    renderReports();

    expect(await screen.findByRole('heading', { level: 2, name: REPORT_KINDS.dutyByMonth })).toBeTruthy();
    for (const name of Object.values(REPORT_KINDS)) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    await screen.findByRole('img', { name: REPORT_KINDS.dutyByMonth });

    expect(rowTexts(await tableOf(REPORT_KINDS.dutyByMonth))).toContain(
      'Mar 20264$1,234.56$135.00$40.00$0.00$1,409.56$980.00',
    );
    expect(rowTexts(await tableOf(`${REPORT_KINDS.entriesByPort}: By port of entry`))).toContain(
      '2704 Los Angeles7$81,000.00',
    );
    expect(rowTexts(await tableOf(`${REPORT_KINDS.entriesByPort}: By mode`))).toContain('Ocean7$81,000.00');
    expect(rowTexts(await tableOf(REPORT_KINDS.dutyByChapter))).toContain(
      '94 Furniture; bedding; lamps; prefabricated buildings$21,470.00$5,367.50$5,367.50$4,000.00$0.00',
    );
    expect(rowTexts(screen.getByRole('table', { name: 'The one HTS number with duty' }))).toContain(
      '9403.60.90813$21,470.00$5,367.50$5,367.50$4,000.00$0.00',
    );
    // Every day from none to the longest, those no entry took at 0.
    expect(rowTexts(await tableOf(REPORT_KINDS.releaseDays))).toEqual([
      'Days from arrival to releaseEntries',
      '00',
      '10',
      '25',
      '34',
      '40',
      '50',
      '60',
      '70',
      '83',
    ]);
    const weeks = await tableOf(`${REPORT_KINDS.releaseDays}: By week of release`);
    expect(rowTexts(weeks)).toContain('03/02/2026121 day8 days');
    const invoices = await tableOf(REPORT_KINDS.openInvoices);
    expect(rowTexts(invoices)).toContain('0–30 days2$1,500.00');
    expect(errors.mock.calls.map(([message]) => String(message))).toEqual([]);
    // 0–30 days opens the invoices not paid, the older buckets the overdue ones.
    expect(within(invoices).getAllByRole('link')[0]!.getAttribute('href')).toBe('/billing?payment_status=not-paid');
    const byAccount = screen.getByRole('table', { name: 'Open amount by account and days past due' });
    expect(rowTexts(byAccount)).toContain('40001$1,500.00$700.00');
    expect(
      within(byAccount)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/billing?account=40001&payment_status=not-paid', '/billing?account=40001&payment_status=overdue']);
  });

  it('shows the Section 301 duty beside the duty of the flagged lines, and says how many lines came without it', async () => {
    mockReports();
    renderReports();
    const chapters = await tableOf(REPORT_KINDS.dutyByChapter);
    expect(
      within(chapters)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'HTS chapter',
      'Entered value',
      'Duty',
      'Duty on Section 301 lines',
      'Section 301 duty',
      'Duty on AD/CVD lines',
    ]);
    expect(
      screen.getByText(
        '1 line flagged Section 301 came without its Section 301 duty: Section 301 duty leaves it out, Duty on Section 301 lines counts its whole duty.',
      ),
    ).toBeTruthy();
  });

  it('counts the lines without their Section 301 duty over every chapter, and says nothing when there are none', async () => {
    const chapter = DUTY_BY_CHAPTER.chapters[0]!;
    const chapters = (withoutDuty: number[]) => ({
      ...DUTY_BY_CHAPTER,
      chapters: withoutDuty.map((count, index) => ({
        ...chapter,
        chapter: String(94 - index),
        section_301_lines_without_duty: count,
      })),
    });
    mockReports({ [API_PATHS.reportDutyByChapter]: { body: chapters([1_200, 34]) } });
    const { unmount } = renderReports();
    expect(
      await screen.findByText(
        '1,234 lines flagged Section 301 came without their Section 301 duty: Section 301 duty leaves them out, Duty on Section 301 lines counts their whole duty.',
      ),
    ).toBeTruthy();
    unmount();
    mockReports({ [API_PATHS.reportDutyByChapter]: { body: chapters([0, 0]) } });
    renderReports();
    await screen.findByRole('table', { name: 'The one HTS number with duty' });
    expect(screen.queryByText(/came without/)).toBeNull();
  });

  it('says when a range has no entries', async () => {
    mockReports({
      [API_PATHS.reportDutyByMonth]: { body: { months: [{ ...DUTY_BY_MONTH.months[0], entries: 0 }] } },
    });
    renderReports();
    const section = await screen.findByRole('region', { name: REPORT_KINDS.dutyByMonth });
    expect(await within(section).findByText('No entries in this range.')).toBeTruthy();
  });

  it('shows a failed report with a way to ask again', async () => {
    mockReports({ [API_PATHS.reportDutyByChapter]: { status: 500, body: { message: 'down' } } });
    renderReports();
    const section = await screen.findByRole('region', { name: REPORT_KINDS.dutyByChapter });
    expect((await within(section).findByRole('alert')).textContent).toContain('The report could not be loaded.');
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks for the last 12 months by default, and for the months of the preset chosen', async () => {
    const fetchMock = mockReports();
    const { router } = renderReports();
    const today = calendarDayIn(new Date(), PROFILE.company.time_zone);
    const twelve = presetRange('last12Months', today);
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.reportDutyByMonth)).toHaveLength(1));
    expect(Object.fromEntries(requestsTo(fetchMock, API_PATHS.reportDutyByMonth)[0]!.searchParams)).toEqual(twelve);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last month');
    const lastMonth = presetRange('lastMonth', today);
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, API_PATHS.reportDutyByMonth).map((url) => Object.fromEntries(url.searchParams)),
      ).toContainEqual(lastMonth),
    );
    expect(router.state.location.search).toBe('?range=lastMonth');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account' }), '40002');
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, API_PATHS.reportEntriesByPort).map((url) => Object.fromEntries(url.searchParams)),
      ).toContainEqual({ ...lastMonth, account_no: '40002' }),
    );
    expect(router.state.location.search).toBe('?range=lastMonth&account=40002');
  });

  it("counts a preset's months from the company's day, not the browser's", async () => {
    // 11/30 noon in UTC, the browser's zone here, is already 12/01 in Kiritimati (UTC+14).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T12:00:00Z') });
    const fetchMock = mockReports({
      '/user/profile': { body: { ...PROFILE, company: { ...PROFILE.company, time_zone: 'Pacific/Kiritimati' } } },
    });
    renderReports('/reports?range=thisMonth');
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, API_PATHS.reportDutyByMonth).map((url) => Object.fromEntries(url.searchParams)),
      ).toContainEqual({ from: '2026-12', to: '2026-12' }),
    );
  });

  it('reads a custom range from the address and asks for its months', async () => {
    const fetchMock = mockReports();
    renderReports('/reports?range=custom&from=2025-04&to=2025-09');
    expect((await screen.findByLabelText<HTMLInputElement>('From month')).value).toBe('2025-04');
    expect(screen.getByLabelText<HTMLInputElement>('To month').value).toBe('2025-09');
    await waitFor(() =>
      expect(Object.fromEntries(requestsTo(fetchMock, API_PATHS.reportDutyByMonth)[0]!.searchParams)).toEqual({
        from: '2025-04',
        to: '2025-09',
      }),
    );
  });

  it('keeps both months typed before the address has caught up with the first', async () => {
    mockReports();
    // As in the portal, the route's guard is a loader that answers later, and so does each change of the address.
    const guard = () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 10));
    const { router } = renderRoutes(
      [{ path: '/reports', loader: guard, HydrateFallback: () => null, element: <ReportsRoute /> }],
      '/reports?range=custom&from=2025-04&to=2025-09',
    );
    const from = await screen.findByLabelText<HTMLInputElement>('From month');
    fireEvent.change(from, { target: { value: '2026-01' } });
    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2026-03' } });
    await waitFor(() => expect(router.state.location.search).toBe('?range=custom&from=2026-01&to=2026-03'));
    expect(from.value).toBe('2026-01');
    expect(screen.getByLabelText<HTMLInputElement>('To month').value).toBe('2026-03');
  });

  it('lists the entries released late, each opening its shipment, and Show more asks for the next page', async () => {
    const fetchMock = mockReports();
    renderReports();
    const list = await screen.findByRole('table', {
      name: 'Entries released more than 5 days after arrival, latest release first',
    });
    expect(within(list).getByRole('link', { name: 'DMI-1' }).getAttribute('href')).toBe('/shipments/1');
    expect(requestsTo(fetchMock, API_PATHS.reportReleaseDaysEntries)[0]!.searchParams.has('after')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect((await within(list).findByRole('link', { name: 'DMI-3' })).getAttribute('href')).toBe('/shipments/3');
    expect(requestsTo(fetchMock, API_PATHS.reportReleaseDaysEntries)[1]!.searchParams.get('after')).toBe(
      '2026-03-09.2',
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('asks for the release figures and the late entries over the days typed, and keeps them in the address', async () => {
    const fetchMock = mockReports();
    const { router } = renderReports();
    const field = await screen.findByRole('spinbutton', { name: 'Late after (days)' });
    expect(requestsTo(fetchMock, API_PATHS.reportReleaseDays)[0]!.searchParams.get('over')).toBe('5');
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    expect(await screen.findByRole('table', { name: /^Entries released more than 2 days after arrival/ })).toBeTruthy();
    expect(requestsTo(fetchMock, API_PATHS.reportReleaseDays).at(-1)!.searchParams.get('over')).toBe('2');
    expect(requestsTo(fetchMock, API_PATHS.reportReleaseDaysEntries).at(-1)!.searchParams.get('over')).toBe('2');
    expect(router.state.location.search).toBe('?over=2');
  });

  it('downloads a report’s table as Excel for the range shown', async () => {
    const fetchMock = mockReports({ '/user/reports/export/duty-by-month': { body: 'xlsx bytes' } });
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderReports('/reports?range=custom&from=2026-01&to=2026-03');
    await userEvent.click(await screen.findByRole('button', { name: 'Download Duty and fees by month as Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [asked] = requestsTo(fetchMock, '/user/reports/export/duty-by-month');
    expect(Object.fromEntries(asked!.searchParams)).toMatchObject({ from: '2026-01', to: '2026-03', format: 'xlsx' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'clearport-duty-by-month-2026-01-to-2026-03.xlsx',
    );
  });

  it('keeps the open invoices and their export while a custom range is not one yet', async () => {
    mockReports();
    renderReports('/reports?range=custom&from=2026-01&to=2026-03');
    const excel = `Download ${REPORT_KINDS.openInvoices} as Excel`;
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: excel }).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-05' } });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `Download ${REPORT_KINDS.dutyByMonth} as Excel` })).toBeNull(),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: excel }).disabled).toBe(false);
  });

  it('subscribes to a report’s monthly e-mail, keeping the others', async () => {
    const fetchMock = mockReports();
    renderReports();
    const box = await screen.findByRole('checkbox', { name: `E-mail me monthly: ${REPORT_KINDS.dutyByMonth}` });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    expect(
      (screen.getByRole('checkbox', { name: `E-mail me monthly: ${REPORT_KINDS.openInvoices}` }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await userEvent.click(box);
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, API_PATHS.reportSubscriptions).filter((body) => body !== undefined)).toEqual([
        { reports: ['openInvoices', 'dutyByMonth'] },
      ]),
    );
    expect(await screen.findByText(/You will receive Duty and fees by month by e-mail/)).toBeTruthy();
  });
});
