import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { TEXTS } from '@clearport/contract/texts';
import { mockApi, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { InvoiceRoute } from './invoice.tsx';

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('the invoice page', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('says it could not read the invoice and reads it again on Try again, titled without the portal’s own id', async () => {
    let answers = 0;
    const fetchMock = mockApi({
      '/user/invoices/7': () =>
        ++answers === 1
          ? { status: 500, body: { message: 'The server failed.' } }
          : { status: 404, body: { message: 'Invoice not found' } },
    });
    renderWithProviders(<InvoiceRoute />, { path: '/billing/:id', url: '/billing/7' });
    await screen.findByRole('button', { name: 'Try again' });
    // Said on the page itself, not only in the toast that goes away.
    expect(screen.getAllByText(TEXTS.genericError).some((text) => !text.closest('.Toastify'))).toBe(true);
    expect(heading()).toBe('Invoice');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(TEXTS.invoiceNotFound)).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, '/user/invoices/7')).toHaveLength(2));
    expect(heading()).toBe('Invoice');
  });
});
