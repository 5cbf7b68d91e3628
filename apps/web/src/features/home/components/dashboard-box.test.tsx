import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { homeReply } from '../../../testing/shipments-data.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DashboardBox } from './dashboard-box.tsx';
import { HomeCountBoxes } from './home-count-boxes.tsx';

describe('DashboardBox', () => {
  it('carries a number and a text, and leads to the shipments list by default', () => {
    renderWithProviders(<DashboardBox number={12} text="Open entries" />);
    const box = screen.getByRole('link', { name: '12 Open entries' });
    expect(box.getAttribute('href')).toBe('/shipments');
  });

  it('leads to the link it is given', () => {
    renderWithProviders(<DashboardBox link="/billing" number={0} text="Invoices" />);
    expect(screen.getByRole('link', { name: '0 Invoices' }).getAttribute('href')).toBe('/billing');
  });
});

describe('HomeCountBoxes', () => {
  it('shows the five counts in order, each leading to the list with its filter, then Possible Charges', () => {
    renderWithProviders(<HomeCountBoxes counts={homeReply([])} showsApproval={false} />);
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['55 Documents Required', '/shipments?filter=documents-required'],
      ['29 7501 Forms to Review', '/shipments?filter=7501-review'],
      ['22 CBP Hold/Exam', '/shipments?filter=under-cbp-exam'],
      ['33 FDA Hold/Exam', '/shipments?filter=under-fda-exam'],
      ['150 Without Delivery Order', '/shipments?filter=without-do'],
      ['4 Possible Charges', '/shipments?filter=possible-charges'],
    ]);
  });

  it('shows a dash while the counts load', () => {
    renderWithProviders(<HomeCountBoxes counts={undefined} showsApproval />);
    expect(screen.getAllByRole('link').map((link) => link.textContent?.[0])).toEqual([
      '–',
      '–',
      '–',
      '–',
      '–',
      '–',
      '–',
    ]);
  });

  it('adds the 7501s awaiting approval with their duty while the company confirms 7501s', () => {
    const counts = { ...homeReply([]), awaiting_approval: { count: 3, duty_cents: 1_234_567 } };
    renderWithProviders(<HomeCountBoxes counts={counts} showsApproval />);
    const box = screen.getByRole('link', { name: /Awaiting your approval/ });
    expect(box.textContent).toBe('3 Awaiting your approval$12,345.67 duty');
    expect(box.getAttribute('href')).toBe('/shipments?filter=awaiting-approval');
  });

  it('shows the count without duty to a role that sees no money', () => {
    const counts = { ...homeReply([]), awaiting_approval: { count: 2, duty_cents: null } };
    renderWithProviders(<HomeCountBoxes counts={counts} showsApproval />);
    expect(screen.getByRole('link', { name: /Awaiting your approval/ }).textContent).toBe('2 Awaiting your approval');
  });
});
