import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { FileLink } from './file-link.tsx';

const KEY = 'documents/4b6f0c1e-2f43-4c55-9d2a-7c1b5d0e9f10.pdf';

function stubFile(status = 200) {
  const fetchMock = vi.fn(async () =>
    status === 200
      ? new Response('%PDF-1.7', { status, headers: { 'content-type': 'application/pdf' } })
      : new Response(JSON.stringify({ message: 'File not found.' }), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file');
  URL.revokeObjectURL = vi.fn();
  return fetchMock;
}

describe('FileLink', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('fetches the file with the bearer header and shows it in a new tab', async () => {
    const fetchMock = stubFile();
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<FileLink fileKey={KEY} fileName="Invoice.pdf" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invoice.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/file'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/user/files/${KEY}`);
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer session-token');
  });

  it('keeps the focus while the file comes, and fetches it once for a second click then', async () => {
    let arrive: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (arrive = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file');
    URL.revokeObjectURL = vi.fn();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<FileLink fileKey={KEY} fileName="Invoice.pdf" />);
    const user = userEvent.setup();
    const link = screen.getByRole<HTMLButtonElement>('button', { name: 'Invoice.pdf' });
    await user.click(link);
    await waitFor(() => expect(link.getAttribute('aria-disabled')).toBe('true'));
    expect(link.disabled).toBe(false);
    expect(document.activeElement).toBe(link);
    await user.click(link);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    arrive(new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/file'));
    expect(link.getAttribute('aria-disabled')).toBeNull();
  });

  it('downloads a file the browser does not show, under its name', async () => {
    stubFile();
    const open = vi.spyOn(window, 'open');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Rates.xlsx');
      expect(this.href).toBe('blob:http://localhost/file');
    });
    renderWithProviders(<FileLink fileKey="documents/a.xlsx" fileName="Rates.xlsx" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Rates.xlsx' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(open).not.toHaveBeenCalled();
  });

  it("closes the tab again and shows the server's message when the file cannot be had", async () => {
    stubFile(404);
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<FileLink fileKey={KEY} fileName="Invoice.pdf" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invoice.pdf' }));
    expect(await screen.findByText('File not found.', { selector: '.Toastify *' })).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
