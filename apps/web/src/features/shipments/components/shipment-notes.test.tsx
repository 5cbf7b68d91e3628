import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { bodiesSentTo, expectKeyRepeatedThenNew, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { NOTES_SHOWN, ShipmentNotes } from './shipment-notes.tsx';

const NOTES = [
  {
    id: 1,
    role: 3,
    comments: 'Trucker confirmed pickup.',
    created_at: '2026-11-18T15:00:00.000Z',
    name: 'Maria Delgado',
  },
  { id: 2, role: 5, comments: 'Deliver to dock 4.', created_at: '2026-11-19T15:00:00.000Z', name: '' },
];

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a note' });

describe('ShipmentNotes', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('lists the notes oldest first with their author, day and time', () => {
    mockApi({});
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={NOTES} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Maria Delgado11/18/2026 3:00 PMTrucker confirmed pickup.',
      'User11/19/2026 3:00 PMDeliver to dock 4.',
    ]);
  });

  it(`shows the latest ${NOTES_SHOWN} notes, and the earlier ones when asked, the focus on the list`, async () => {
    const user = userEvent.setup();
    mockApi({});
    const notes = Array.from({ length: NOTES_SHOWN + 3 }, (_, index) => ({
      ...NOTES[0]!,
      id: index + 1,
      comments: `Note ${index + 1}`,
    }));
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={notes} />);
    const shown = () => screen.getAllByRole('listitem').map((item) => item.lastChild?.textContent);
    expect(shown()).toEqual(notes.slice(3).map((note) => note.comments));
    await user.click(screen.getByRole('button', { name: 'Show 3 earlier notes' }));
    expect(shown()).toEqual(notes.map((note) => note.comments));
    expect(screen.queryByRole('button', { name: /earlier/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Notes' })));
  });

  it('says one earlier note in the singular', () => {
    mockApi({});
    const notes = Array.from({ length: NOTES_SHOWN + 1 }, (_, index) => ({ ...NOTES[0]!, id: index + 1 }));
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={notes} />);
    expect(screen.getByRole('button', { name: 'Show 1 earlier note' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(NOTES_SHOWN);
  });

  it('enables Submit only with text', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={[]} />);
    expect(submit().disabled).toBe(true);
    await user.type(box(), '   ');
    expect(submit().disabled).toBe(true);
    await user.type(box(), 'Call first');
    expect(submit().disabled).toBe(false);
  });

  it('sends a note once though Submit is pressed twice at once', async () => {
    const user = userEvent.setup();
    const note = { ...NOTES[0]!, id: 3, comments: 'Call first' };
    const fetchMock = mockApi({
      '/user/shipments/12/add_comment': { body: { message: 'Note successfully submitted.', note } },
    });
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={[]} />);
    await user.type(box(), 'Call first');
    // Both before React renders the first as pending, as a double click can.
    fireEvent.submit(box().form!);
    fireEvent.submit(box().form!);
    expect(await screen.findByText('Note successfully submitted.', { selector: '.Toastify *' })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/add_comment')).toEqual([{ note: 'Call first' }]);
  });

  it('sends the note, says Note successfully submitted. and empties the box', async () => {
    const user = userEvent.setup();
    const note = { ...NOTES[0]!, id: 3, comments: 'Call first' };
    const fetchMock = mockApi({
      '/user/shipments/12/add_comment': { body: { message: 'Note successfully submitted.', note } },
    });
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={[]} />);
    await user.type(box(), '  Call first ');
    await user.click(submit());
    expect(await screen.findByText('Note successfully submitted.', { selector: '.Toastify *' })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/add_comment')).toEqual([{ note: 'Call first' }]);
    expect(box().value).toBe('');
  });

  it('keeps the text when the note is refused', async () => {
    const user = userEvent.setup();
    mockApi({ '/user/shipments/12/add_comment': { status: 500, body: {} } });
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={[]} />);
    await user.type(box(), 'Call first');
    await user.click(submit());
    expect(
      await screen.findByText('Something went wrong. Please, try again in a few minutes!', { selector: '.Toastify *' }),
    ).toBeTruthy();
    expect(box().value).toBe('Call first');
  });

  it('sends a note again under the same request key when its answer was lost, and a new note under a new one', async () => {
    const user = userEvent.setup();
    const note = { ...NOTES[0]!, id: 3, comments: 'Call first' };
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      // The first answer never comes back: the line dropped it.
      if (calls === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ message: 'Note successfully submitted.', note }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ShipmentNotes shipmentId={12} notes={[]} />);
    await user.type(box(), 'Call first');
    await user.click(submit());
    expect(
      await screen.findByText('Something went wrong. Please, try again in a few minutes!', { selector: '.Toastify *' }),
    ).toBeTruthy();
    await user.click(submit());
    await waitFor(() => expect(box().value).toBe(''));
    await user.type(box(), 'Gate code 4471');
    await user.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expectKeyRepeatedThenNew(fetchMock);
  });
});
