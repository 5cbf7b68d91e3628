import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { expect, vi } from 'vitest';
import { REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { LeavePromptBoundary } from '../components/layouts/leave-prompt-boundary.tsx';
import { createQueryClient } from '../lib/query-client.ts';

type RenderOptions = {
  /** The URL the memory router starts at, or a location with its state. */
  url?: InitialEntry;
  /** The route pattern the element is rendered at; other paths render their name, to check navigation. */
  path?: string;
};

/** Renders an element inside a memory router and the app's providers, as a screen would be. */
export function renderWithProviders(element: ReactNode, { url = '/', path = '*' }: RenderOptions = {}) {
  // The signed-in layout holds the leave prompt's blocker; a screen rendered alone gets its own.
  const routes: RouteObject[] = [
    { path, element: <LeavePromptBoundary>{element}</LeavePromptBoundary> },
    ...(path === '*' ? [] : [{ path: '*', Component: CurrentPath }]),
  ];
  return renderRoutes(routes, url);
}

/** Renders route objects (such as the app's own) in a memory router with the app's providers. */
export function renderRoutes(routes: RouteObject[], url: InitialEntry = '/', queryClient = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

function CurrentPath() {
  const { pathname } = useLocation();
  return <p data-testid="current-path">{pathname}</p>;
}

/** Makes `window.matchMedia` answer every query with `matches`. */
export function mockMatchMedia(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

/** Replaces fetch with one that answers JSON `body` with `status`, and gives the mock back. */
export function mockFetch(status: number, body: unknown = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type ApiAnswer = { status?: number; body: unknown };

/**
 * Replaces fetch with one that answers by the request's path (without `/api` and the query):
 * `answers[path]` is the reply, or a function of the request's URL (and the request) giving it.
 * Other paths get 404.
 */
export function mockApi(answers: Record<string, ApiAnswer | ((url: URL, init?: RequestInit) => ApiAnswer)>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = answers[url.pathname.replace(/^\/api/, '')];
    const { status = 200, body } =
      typeof answer === 'function' ? answer(url, init) : (answer ?? { status: 404, body: {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs of the calls to `path` a fetch mock received, in order. */
export function requestsTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`);
}

/** The JSON bodies of the calls to `path` a fetch mock received, in order. */
export function bodiesSentTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api${path}`)
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body;
      return typeof body === 'string' ? JSON.parse(body) : body;
    });
}

/** The request key (decision 0048) each call a fetch mock received carried, in order; null for none. */
function requestKeysSent(fetchMock: { mock: { calls: unknown[][] } }): Array<string | null> {
  return fetchMock.mock.calls.map(([, init]) =>
    new Headers((init as RequestInit | undefined)?.headers).get(REQUEST_KEY_HEADER),
  );
}

/** The first call's request key sent again by the second (its answer was lost), and a new one by the third. */
export function expectKeyRepeatedThenNew(fetchMock: { mock: { calls: unknown[][] } }): void {
  const keys = requestKeysSent(fetchMock);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[2]).not.toBe(keys[0]);
}
