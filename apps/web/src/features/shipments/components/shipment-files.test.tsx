import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { invoice } from '../../../testing/invoices-data.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ShipmentFiles } from './shipment-files.tsx';

describe('ShipmentFiles', () => {
  it("names an invoice by the company's day, as Billing does, not the reader's day of its instant", () => {
    // 03:32 UTC on Dec 5 is still Dec 4 in the company's zone: the day the invoice shows everywhere.
    const posted = invoice({
      created_at: '2026-12-05T03:32:00.000Z',
      invoice_date: '2026-12-04',
      path: 'invoices/4.pdf',
      backup: 'invoices/4-backup.pdf',
    });
    renderWithProviders(<ShipmentFiles shipment={{ path_to_7501: null, documents: [], invoices: [posted] }} />);
    expect(screen.getByRole('link', { name: `Invoice ${posted.invoice_number} of 12/04/2026` })).toBeTruthy();
    expect(screen.getByText(`Invoice ${posted.invoice_number} backup of 12/04/2026`)).toBeTruthy();
  });

  it('tells apart two invoices of one day by their numbers, or their ids where the broker gave none', () => {
    const day = { invoice_date: '2026-12-04', backup: null };
    const first = invoice({ ...day, id: 11, invoice_number: 'INV-260411', path: 'invoices/11.pdf' });
    const second = invoice({ ...day, id: 12, invoice_number: '', path: 'invoices/12.pdf' });
    renderWithProviders(<ShipmentFiles shipment={{ path_to_7501: null, documents: [], invoices: [first, second] }} />);
    expect(screen.getByRole('link', { name: 'Invoice INV-260411 of 12/04/2026' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invoice 12 of 12/04/2026' })).toBeTruthy();
  });
});
