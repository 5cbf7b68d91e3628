import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { ApiError } from '../lib/api-client.ts';
import { useFailureAlert } from './use-failure-alert.ts';

describe('useFailureAlert', () => {
  afterEach(() => vi.restoreAllMocks());

  it('alerts once a failure, and not for a 401, a session that ended (a sign-out under the page)', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const failure = (status: number, at: number) => ({
      isError: true,
      error: new ApiError(status, 'failed'),
      errorUpdatedAt: at,
    });
    const { rerender } = renderHook((state) => useFailureAlert(state, 'Server not responding, please contact us'), {
      initialProps: failure(401, 1),
    });
    expect(alert).not.toHaveBeenCalled();
    rerender(failure(500, 2));
    rerender(failure(500, 2));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Server not responding, please contact us');
    rerender(failure(503, 3));
    expect(alert).toHaveBeenCalledTimes(2);
  });
});
