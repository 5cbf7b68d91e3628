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
    expect(screen.getByRole('link', { name: 'Invoice of 12/04/2026' })).toBeTruthy();
    expect(screen.getByText('Invoice backup of 12/04/2026')).toBeTruthy();
  });
});
