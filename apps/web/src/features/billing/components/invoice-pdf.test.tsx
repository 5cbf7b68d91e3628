import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, mockMatchMedia, renderWithProviders } from '../../../testing/test-utils.tsx';
import { InvoicePdf } from './invoice-pdf.tsx';

// jsdom has no object URLs: these stand in for the browser's.
const { createObjectURL, revokeObjectURL } = URL;

describe('InvoicePdf', () => {
  beforeEach(() => {
    mockApi({ '/user/invoices/4/pdf': { body: {} } });
    URL.createObjectURL = vi.fn(() => 'blob:invoice-4');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
    vi.unstubAllGlobals();
  });

  it("embeds the PDF where the browser shows PDFs, without the viewer's toolbar", async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: true, configurable: true });
    renderWithProviders(<InvoicePdf id={4} number="INV-260104" />);
    const frame = await screen.findByTitle('Invoice INV-260104 PDF');
    // The frame without the viewer's toolbar, fitted to its width; the link opens the whole viewer.
    expect(frame.getAttribute('src')).toBe('blob:invoice-4#toolbar=0&view=FitH');
    const link = screen.getByRole('link', { name: 'Open PDF' });
    expect(link.getAttribute('href')).toBe('blob:invoice-4');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('below 600 px offers only the Open PDF link, a frame being unreadable there', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: true, configurable: true });
    mockMatchMedia(true);
    renderWithProviders(<InvoicePdf id={4} number="INV-260104" />);
    const link = await screen.findByRole('link', { name: 'Open PDF' });
    expect(link.getAttribute('href')).toBe('blob:invoice-4');
    expect(screen.queryByTitle('Invoice INV-260104 PDF')).toBeNull();
  });

  it('offers an Open PDF link instead where the browser cannot show one', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    renderWithProviders(<InvoicePdf id={4} number="INV-260104" />);
    const link = await screen.findByRole('link', { name: 'Open PDF' });
    expect(link.getAttribute('href')).toBe('blob:invoice-4');
    expect(screen.queryByTitle('Invoice INV-260104 PDF')).toBeNull();
  });
});
