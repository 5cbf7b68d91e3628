import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { Link } from 'react-router';
import { bodiesSentTo, mockApi, renderRoutes } from '../../../testing/test-utils.tsx';
import { LeavePromptBoundary } from '../../../components/layouts/leave-prompt-boundary.tsx';
import { ReferenceNumber } from './reference-number.tsx';

const LEAVE_PROMPT = "The reference number wasn't saved. Are you sure you want to leave?";

function renderReference() {
  return renderRoutes(
    [
      {
        path: '/shipments/12',
        element: (
          <LeavePromptBoundary>
            <ReferenceNumber shipmentId={12} reference="PO-48213" />
            <Link to="/shipments">Shipments</Link>
          </LeavePromptBoundary>
        ),
      },
      { path: '/shipments', element: <h1>List</h1> },
    ],
    '/shipments/12',
  );
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Reference number' });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

describe('ReferenceNumber', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('enables Save only with text', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderReference();
    expect(field().value).toBe('PO-48213');
    expect(save().disabled).toBe(false);
    await user.clear(field());
    expect(save().disabled).toBe(true);
    await user.type(field(), '   ');
    expect(save().disabled).toBe(true);
    await user.type(field(), 'PO-9');
    expect(save().disabled).toBe(false);
  });

  it('saves the trimmed text', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ '/user/shipments/12/reference_no': { body: { reference_no: 'PO-777' } } });
    renderReference();
    await user.clear(field());
    await user.type(field(), ' PO-777 {Enter}');
    expect(await screen.findByText('Reference number saved.', { selector: '.Toastify *' })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/reference_no')).toEqual([{ reference_no: 'PO-777' }]);
    expect(field().value).toBe('PO-777');
  });

  it('asks before leaving with a reference not saved, and stays unless confirmed', async () => {
    const user = userEvent.setup();
    mockApi({});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderReference();
    await user.type(field(), '-B');

    await user.click(screen.getByRole('link', { name: 'Shipments' }));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(LEAVE_PROMPT);
    expect(router.state.location.pathname).toBe('/shipments/12');
    expect(field().value).toBe('PO-48213-B');

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Shipments' }));
    expect(router.state.location.pathname).toBe('/shipments');
  });

  it('lets the page go without asking when nothing changed, or the change was saved', async () => {
    const user = userEvent.setup();
    mockApi({});
    const confirm = vi.spyOn(window, 'confirm');
    const { router } = renderReference();
    await user.type(field(), 'X{Backspace}');
    await user.click(screen.getByRole('link', { name: 'Shipments' }));
    expect(router.state.location.pathname).toBe('/shipments');
    expect(confirm).not.toHaveBeenCalled();
  });

  it("asks the browser's own question when the tab closes with a reference not saved", async () => {
    const user = userEvent.setup();
    mockApi({});
    renderReference();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    await user.type(field(), '-B');
    const unsaved = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unsaved);
    expect(unsaved.defaultPrevented).toBe(true);
  });
});
