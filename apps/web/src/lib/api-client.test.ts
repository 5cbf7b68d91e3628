import { describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { SESSION_ERRORS } from '@clearport/contract/sessions';
import { lastSessionUse } from './session-activity.ts';
import { mockFetch } from '../testing/test-utils.tsx';
import { ApiError, api, failureText, hasStatus } from './api-client.ts';
import { loadPage } from './browser-location.ts';
import { saveSession } from './session.ts';
import {
  forgetSessionEnded,
  isAnotherUsersSession,
  keepUnsavedInput,
  notePageUser,
  sessionEndedCalls,
} from './session-ended.ts';

// The test files share their modules (isolate: false): a fresh api-client picks the mock up.
vi.hoisted(() => vi.resetModules());
vi.mock('./browser-location.ts', () => ({ loadPage: vi.fn() }));

describe('api client', () => {
  it('sends the bearer token from the token cookie and JSON, and returns the JSON reply', async () => {
    Cookies.set('token', 'session-token');
    const fetchMock = mockFetch(200, { ok: true });
    const reply = await api.post('/user/shipments/:id/add_comment', { note: 'hi' }, { params: { id: 7 } });
    expect(reply).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/shipments/7/add_comment');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer session-token');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"note":"hi"}');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends FormData as it is, for uploads', async () => {
    const fetchMock = mockFetch(200, { path_to_file: 'a.pdf' });
    const form = new FormData();
    form.append('file', new Blob(['%PDF']), 'a.pdf');
    await api.post('/user/shipments/:id/upload_doc', form, { params: { id: 3 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const fetchMock = mockFetch(200, []);
    await api.get('/user/shipments', { query: { page: 2, filter: undefined, status: 'released' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/shipments?page=2&status=released');
  });

  it("throws an ApiError with the status and the server's message", async () => {
    mockFetch(400, { message: 'email: Email address invalid', field: 'email', errors: ['Email address invalid'] });
    const failure = await api.post('/forgot-password', { email: 'x' }, { isAuthenticated: false }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'email: Email address invalid', field: 'email' });
    expect(hasStatus(failure, 400)).toBe(true);
  });

  it('ends the session on a 401 and goes to the login page', async () => {
    Cookies.set('token', 'expired');
    Cookies.set('name', 'Dana');
    Cookies.set('role', '3');
    Cookies.set('primary', 'Priya');
    mockFetch(401, { message: 'Unauthorized' });
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(Cookies.get()).toEqual({});
    expect(loadPage).toHaveBeenCalledWith('/login');
  });

  it('opens the login page with the page to come back to when the session ended elsewhere', async () => {
    Cookies.set('token', 'ended');
    window.history.replaceState(null, '', '/shipments/12?tab=documents');
    try {
      mockFetch(401, { message: SESSION_ERRORS.ended });
      await expect(api.get('/user/shipments/details/12')).rejects.toMatchObject({ status: 401 });
      expect(loadPage).toHaveBeenCalledWith('/login?next=%2Fshipments%2F12%3Ftab%3Ddocuments');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps the page when a save finds the session ended, and says so to the page instead', async () => {
    Cookies.set('token', 'ended');
    window.history.replaceState(null, '', '/shipments/12');
    try {
      mockFetch(401, { message: SESSION_ERRORS.ended });
      await expect(
        api.post('/user/shipments/:id/add_comment', { note: 'Call first' }, { params: { id: 12 } }),
      ).rejects.toMatchObject({
        status: 401,
      });
      expect(Cookies.get()).toEqual({});
      expect(sessionEndedCalls()).toBe(1);
      // The page's reads that follow find it ended too, and stay.
      await expect(api.get('/user/shipments/details/12')).rejects.toMatchObject({ status: 401 });
      expect(sessionEndedCalls()).toBe(2);
      expect(loadPage).not.toHaveBeenCalled();
      // A sign-in gives the page its session back: an ended one opens the login page again.
      saveSession({ token: 't', name: 'Dana', role: 3, primary: 'Priya', company_primary_contact: 'Priya' });
      expect(sessionEndedCalls()).toBe(0);
      await expect(api.get('/user/shipments/details/12')).rejects.toMatchObject({ status: 401 });
      expect(loadPage).toHaveBeenCalledWith('/login?next=%2Fshipments%2F12');
    } finally {
      window.history.replaceState(null, '', '/');
      forgetSessionEnded();
    }
  });

  it('leaves a newer sign-in alone when a call of the ended session is answered after it', async () => {
    Cookies.set('token', 'ended');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // Another tab signs in while this call is on its way.
        Cookies.set('token', 'signed-in-since');
        return new Response(JSON.stringify({ message: SESSION_ERRORS.ended }), { status: 401 });
      }),
    );
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(Cookies.get('token')).toBe('signed-in-since');
    expect(loadPage).not.toHaveBeenCalled();
    expect(sessionEndedCalls()).toBe(0);
  });

  it('keeps a page that holds input not yet saved when a read finds the session ended', async () => {
    Cookies.set('token', 'ended');
    const forget = keepUnsavedInput(Symbol('a note'));
    try {
      mockFetch(401, { message: SESSION_ERRORS.ended });
      await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
      expect(loadPage).not.toHaveBeenCalled();
      expect(sessionEndedCalls()).toBe(1);
    } finally {
      forget();
      forgetSessionEnded();
    }
  });

  it('calls the API no more once another user has signed in on the browser in another tab', async () => {
    Cookies.set('token', 'the-other-users');
    const fetchMock = mockFetch(200, {});
    notePageUser(5);
    try {
      // The same user in another tab changes nothing.
      window.dispatchEvent(new StorageEvent('storage', { key: 'signedInUserId', newValue: '5' }));
      await api.get('/user/profile');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new StorageEvent('storage', { key: 'signedInUserId', newValue: '6' }));
      expect(isAnotherUsersSession()).toBe(true);
      await expect(
        api.post('/user/shipments/:id/add_comment', { note: 'x' }, { params: { id: 1 } }),
      ).rejects.toMatchObject({
        status: 409,
        message: 'Another user has signed in on this browser. Reload the page to continue as them.',
      });
      await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 409 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Signing in on this page gives it a session of its own again.
      saveSession({ token: 't', name: 'Dana', role: 3, primary: 'Priya', company_primary_contact: 'Priya' });
      expect(isAnotherUsersSession()).toBe(false);
    } finally {
      forgetSessionEnded();
    }
  });

  it('notes each answered call of the session, for the idle warning, and no call without one', async () => {
    Cookies.set('token', 'session-token');
    const earlier = lastSessionUse();
    const now = new Date(2030, 0, 1);
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      mockFetch(200, {});
      await api.post('/user/login', {}, { isAuthenticated: false });
      expect(lastSessionUse()).toBe(earlier);
      await api.get('/user/profile');
      expect(lastSessionUse()).toBe(now.getTime());
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a 401 of the login call to the login form', async () => {
    Cookies.set('name', 'Dana');
    const fetchMock = mockFetch(401, { message: 'The username and password did not match.' });
    await expect(
      api.post('/user/login', { userName: 'a', password: 'b' }, { isAuthenticated: false }),
    ).rejects.toMatchObject({ status: 401, message: 'The username and password did not match.' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
    expect(Cookies.get('name')).toBe('Dana');
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('turns a failure without an answer into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/user/profile')).rejects.toMatchObject({
      status: 0,
      message: 'Something went wrong. Please, try again in a few minutes!',
    });
  });

  it('uses the generic text when an error reply has no message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('Bad gateway', { status: 502 })));
    await expect(api.get('/user/profile')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong. Please, try again in a few minutes!',
    });
  });

  it('reads a stored file as a blob, with the bearer token and a longer time-out', async () => {
    Cookies.set('token', 'session-token');
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await api.get<Blob>('/user/files/documents/a.pdf', { responseType: 'blob', timeoutMs: 120_000 });
    expect(await file.text()).toBe('%PDF-1.7');
    expect(file.type).toBe('application/pdf');
    expect(timeoutSpy).toHaveBeenCalledWith(120_000);
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer session-token');
    expect(headers.get('accept')).toBe('*/*');
  });

  it("reports a file's refusal with the server's message", async () => {
    mockFetch(404, { message: 'File not found.' });
    await expect(api.get('/user/files/documents/a.pdf', { responseType: 'blob' })).rejects.toMatchObject({
      status: 404,
      message: 'File not found.',
    });
  });

  it('sends a DELETE with a JSON body', async () => {
    const fetchMock = mockFetch(200, { message: 'Document deleted successfully.' });
    await api.delete('/user/shipments/:id/delete_doc', { params: { id: 4 }, body: { path: 'documents/a.pdf' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/shipments/4/delete_doc');
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBe('{"path":"documents/a.pdf"}');
  });

  it('gives the server message of a failure, or the generic text', () => {
    expect(failureText(new ApiError(409, 'The ISF is already on file for this shipment.'))).toBe(
      'The ISF is already on file for this shipment.',
    );
    expect(failureText(new TypeError('x'))).toBe('Something went wrong. Please, try again in a few minutes!');
  });
});
