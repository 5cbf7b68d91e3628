import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePendingChange } from './use-pending-change.ts';

const render = (stored: number) =>
  renderHook(({ stored }) => usePendingChange<boolean>(stored), { initialProps: { stored } });

describe('usePendingChange', () => {
  it('holds nothing until a change begins', () => {
    const { result } = render(0);
    expect(result.current.isPending).toBe(false);
    expect(result.current.value).toBeUndefined();
  });

  it('holds the change until the stored value moves', () => {
    const { result, rerender } = render(0);
    act(() => result.current.begin(true));
    expect(result.current).toMatchObject({ isPending: true, value: true });
    rerender({ stored: 0 });
    expect(result.current.value).toBe(true);
    rerender({ stored: 1 });
    expect(result.current).toMatchObject({ isPending: false, value: undefined });
  });

  it('drops the change on cancel', () => {
    const { result } = render(0);
    act(() => result.current.begin(true));
    act(() => result.current.cancel());
    expect(result.current).toMatchObject({ isPending: false, value: undefined });
  });

  it('does not carry a change over to a later stored value', () => {
    const { result, rerender } = render(0);
    act(() => result.current.begin(true));
    rerender({ stored: 1 });
    rerender({ stored: 0 });
    expect(result.current.isPending).toBe(false);
  });
});
