import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { shipmentDocument } from '../../../testing/shipment-detail-data.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { UploadedDocuments } from './uploaded-documents.tsx';

describe('UploadedDocuments', () => {
  it('tells apart two uploads of one name by their sizes and times', () => {
    const name = 'Commercial invoice.pdf';
    const first = shipmentDocument(1, { name, size: 48_213, uploaded_at: '2026-11-05T15:20:00.000Z' });
    const second = shipmentDocument(2, { name, size: 2_411_725, uploaded_at: '2026-11-06T09:05:00.000Z' });
    renderWithProviders(<UploadedDocuments shipmentId={12} documents={[first, second]} />);
    const [one, two] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(one!).getByText(/Commercial invoice\.pdf/)).toBeTruthy();
    expect(one!.textContent).toContain('47 KB · 11/05/2026');
    expect(two!.textContent).toContain('2.3 MB · 11/06/2026');
  });
});
