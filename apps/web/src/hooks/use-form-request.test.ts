import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useFormRequest } from './use-form-request.ts';

/** A request whose answer the test gives: `answer` resolves or `fail` rejects the call made last. */
function controlledRequest() {
  const calls: Array<{ variables: string; resolve: (data: string) => void; reject: (error: Error) => void }> = [];
  const send = (variables: string) =>
    new Promise<string>((resolve, reject) => calls.push({ variables, resolve, reject }));
  return { send, calls };
}

describe('useFormRequest', () => {
  it('is pending while the request runs, then holds its answer; the hook and the call each hear of it', async () => {
    const { send, calls } = controlledRequest();
    const onSuccess = vi.fn();
    const onCallSuccess = vi.fn();
    const { result } = renderHook(() => useFormRequest(send, { onSuccess }));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: false, isError: false, data: undefined });

    act(() => result.current.mutate('a@b.test', { onSuccess: onCallSuccess }));
    expect(result.current.isPending).toBe(true);
    expect(calls.map((call) => call.variables)).toEqual(['a@b.test']);

    await act(async () => calls[0]!.resolve('sent'));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: true, data: 'sent' });
    expect(onSuccess).toHaveBeenCalledWith('sent');
    expect(onCallSuccess).toHaveBeenCalledWith('sent');
  });

  it('holds the error and hands it to the call, and a new call clears it', async () => {
    const { send, calls } = controlledRequest();
    const onError = vi.fn();
    const { result } = renderHook(() => useFormRequest(send));
    act(() => result.current.mutate('x', { onError }));
    const refused = new Error('refused');
    await act(async () => calls[0]!.reject(refused));
    expect(result.current).toMatchObject({ isPending: false, isError: true, error: refused });
    expect(onError).toHaveBeenCalledWith(refused);

    act(() => result.current.mutate('y'));
    expect(result.current).toMatchObject({ isPending: true, isError: false, error: undefined });
  });

  it("tells only the latest call's callbacks, and keeps the latest answer", async () => {
    const { send, calls } = controlledRequest();
    const first = vi.fn();
    const second = vi.fn();
    const { result } = renderHook(() => useFormRequest(send));
    act(() => result.current.mutate('first', { onSuccess: first }));
    act(() => result.current.mutate('second', { onSuccess: second }));
    await act(async () => calls[1]!.resolve('two'));
    await act(async () => calls[0]!.resolve('one'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('two');
    expect(result.current.data).toBe('two');
  });

  it("runs the hook's own onSuccess after the form left the screen, but not the call's", async () => {
    const { send, calls } = controlledRequest();
    const onSuccess = vi.fn();
    const onCallSuccess = vi.fn();
    const { result, unmount } = renderHook(() => useFormRequest(send, { onSuccess }));
    act(() => result.current.mutate('z', { onSuccess: onCallSuccess }));
    unmount();
    await act(async () => calls[0]!.resolve('kept'));
    expect(onSuccess).toHaveBeenCalledWith('kept');
    expect(onCallSuccess).not.toHaveBeenCalled();
  });
});
