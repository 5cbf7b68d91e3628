import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { RouteError } from './route-error.tsx';

/** A route whose loader throws what it is given, shown through RouteError. */
function renderFailingRoute(thrown: unknown) {
  renderRoutes([
    {
      path: '/',
      errorElement: <RouteError />,
      hydrateFallbackElement: <p>loading</p>,
      Component: () => <p>never shown</p>,
      loader: () => {
        throw thrown;
      },
    },
  ]);
}

describe('RouteError', () => {
  it('shows the spec text when a route fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'THERE HAS BEEN AN ERROR, TRY AGAIN!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('names the status of an error response', async () => {
    renderFailingRoute(new Response('', { status: 403, statusText: 'Forbidden' }));
    expect(await screen.findByText('403 Forbidden')).toBeTruthy();
  });
});
