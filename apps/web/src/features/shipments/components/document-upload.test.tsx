import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { shipmentDocument } from '../../../testing/shipment-detail-data.ts';
import { expectKeyRepeatedThenNew, mockApi, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { DocumentUpload } from './document-upload.tsx';

const UPLOAD_PATH = '/user/shipments/12/upload_doc';

function renderUpload() {
  const view = renderWithProviders(<DocumentUpload shipmentId={12} />);
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { ...view, input };
}

const pdf = (name: string, content = '%PDF-1.7') => new File([content], name, { type: 'application/pdf' });

/** The messages under the drop area (a failure's toast is an alert too). */
async function failures(): Promise<string | null> {
  await screen.findAllByRole('alert');
  return screen.getAllByRole('alert').find((alert) => !alert.closest('.Toastify'))?.textContent ?? null;
}

/** The line under the drop area that says which file is on its way (a success's toast is a status too). */
const progress = () => screen.getAllByRole('status').find((status) => !status.closest('.Toastify'))?.textContent;

/** The browser's file chooser filters by `accept`; a drop does not, so these tests do not either. */
const dropper = () => userEvent.setup({ applyAccept: false });

describe('DocumentUpload', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('is a drop area whose Choose files button the keyboard reaches, with the accepted types for the chooser', async () => {
    mockApi({});
    const { input } = renderUpload();
    const area = screen.getByRole('group', { name: 'Upload documents' });
    const choose = within(area).getByRole('button', { name: 'Choose files' });
    await userEvent.setup().tab();
    expect(document.activeElement).toBe(choose);
    expect(choose.getAttribute('aria-describedby')).toBe(area.getAttribute('aria-describedby'));
    expect(document.getElementById(choose.getAttribute('aria-describedby')!)?.textContent).toMatch(/^PDF, Excel/);
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.pdf', '.xls', '.xlsx', '.png', '.doc', '.docx']));
  });

  it('sends each accepted file in the multipart field file and says it was uploaded', async () => {
    const fetchMock = mockApi({
      [UPLOAD_PATH]: { body: { path_to_file: 'documents/a.pdf', document: shipmentDocument(1) } },
    });
    const { input } = renderUpload();
    await dropper().upload(input, [pdf('invoice.pdf'), pdf('packing.PDF'), pdf('scan.Pdf')]);
    expect(await screen.findByText('scan.Pdf uploaded.', { selector: '.Toastify *' })).toBeTruthy();
    expect(screen.getByText('packing.PDF uploaded.', { selector: '.Toastify *' })).toBeTruthy();
    expect(screen.getByText('invoice.pdf uploaded.', { selector: '.Toastify *' })).toBeTruthy();
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.body as FormData).get('file') as File);
    expect(sent.map((file) => file.name)).toEqual(['invoice.pdf', 'packing.PDF', 'scan.Pdf']);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    const toasts = screen.getAllByRole('status').filter((status) => status.closest('.Toastify'));
    expect(toasts.map((toast) => toast.textContent)).toEqual(
      expect.arrayContaining(['invoice.pdf uploaded.', 'packing.PDF uploaded.', 'scan.Pdf uploaded.']),
    );
  });

  it.each([
    ['setup.exe', "Couldn't upload setup.exe - File type should be pdf, excel or png."],
    ['notes.txt', "Couldn't upload notes.txt - File type should be pdf, excel or png."],
    ['scan.pdf.TXT', "Couldn't upload scan.pdf.TXT - File type should be pdf, excel or png."],
  ])('refuses %s without sending it', async (name, message) => {
    const fetchMock = mockApi({});
    const { input } = renderUpload();
    await dropper().upload(input, new File(['MZ'], name, { type: 'application/pdf' }));
    expect(await failures()).toBe(message);
    expect(requestsTo(fetchMock, UPLOAD_PATH)).toHaveLength(0);
  });

  it('refuses an empty file with its reason', async () => {
    mockApi({});
    const { input } = renderUpload();
    await dropper().upload(input, pdf('empty.pdf', ''));
    expect(await failures()).toBe("Couldn't upload empty.pdf - File is empty.");
  });

  it("shows the server's refusal, and still sends the other files", async () => {
    const refusal = "Couldn't upload renamed.pdf - File type should be pdf, excel or png.";
    const fetchMock = mockApi({
      [UPLOAD_PATH]: (_url, init) =>
        ((init?.body as FormData).get('file') as File).name === 'renamed.pdf'
          ? { status: 400, body: { message: refusal, field: 'file' } }
          : { body: { path_to_file: 'documents/b.pdf', document: shipmentDocument(2) } },
    });
    const { input } = renderUpload();
    await dropper().upload(input, [pdf('renamed.pdf', 'MZ'), pdf('bill.pdf')]);
    expect(await screen.findByText('bill.pdf uploaded.', { selector: '.Toastify *' })).toBeTruthy();
    expect(await failures()).toBe(refusal);
    expect(requestsTo(fetchMock, UPLOAD_PATH)).toHaveLength(2);
  });

  it('says which file is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { input } = renderUpload();
    await dropper().upload(input, pdf('invoice.pdf'));
    expect(progress()).toBe('Uploading invoice.pdf...');
    // It takes no click while the file goes up, yet keeps the focus, which a disabled button would drop.
    const choose = screen.getByRole('button', { name: 'Choose files' });
    expect(choose.getAttribute('aria-disabled')).toBe('true');
    choose.focus();
    expect(document.activeElement).toBe(choose);
    const chooser = vi.spyOn(HTMLInputElement.prototype, 'click');
    await userEvent.click(choose);
    expect(chooser).not.toHaveBeenCalled();
    chooser.mockRestore();
    answer(
      new Response(JSON.stringify({ path_to_file: 'documents/a.pdf', document: shipmentDocument(1) }), {
        status: 200,
      }),
    );
    await waitFor(() => expect(progress()).toBe(''));
  });

  it('sends a file again under the same request key when its answer was lost, and the next file under a new one', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      // The first answer never comes back: the line dropped it.
      if (calls === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ path_to_file: 'documents/a.pdf', document: shipmentDocument(1) }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { input } = renderUpload();
    // The same file from the disk, chosen twice: another File of the same name, size and date.
    const invoice = () =>
      new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf', lastModified: 1_764_000_000 });
    await dropper().upload(input, invoice());
    // Its failure is told under the area; the user chooses the file again.
    expect(await failures()).toContain('invoice.pdf');
    await dropper().upload(input, invoice());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('invoice.pdf uploaded.', { selector: '.Toastify *' })).toBeTruthy();
    await dropper().upload(input, pdf('packing.pdf'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expectKeyRepeatedThenNew(fetchMock);
  });
});
