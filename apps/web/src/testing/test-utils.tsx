import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';

type RenderOptions = {
  /** The URL the memory router starts at. */
  url?: string;
  /** The route pattern the element is rendered at; other paths render their name, to check navigation. */
  path?: string;
};

/** Renders an element inside a memory router and the app's providers, as a screen would be. */
export function renderWithProviders(element: ReactNode, { url = '/', path = '*' }: RenderOptions = {}) {
  const routes: RouteObject[] = [{ path, element }, ...(path === '*' ? [] : [{ path: '*', Component: CurrentPath }])];
  return renderRoutes(routes, url);
}

/** Renders route objects (such as the app's own) in a memory router with the app's providers. */
export function renderRoutes(routes: RouteObject[], url = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
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
