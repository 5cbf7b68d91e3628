import { useCallback, useEffect, useRef, useState } from 'react';

type RequestState<TData> =
  | { status: 'idle' | 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: TData; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

type Callbacks<TData> = {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
};

/**
 * A request a signed-out form sends (login, its second step, forgot and reset password), with the
 * part of useMutation's shape those forms use: `mutate(variables, { onSuccess, onError })`,
 * `isPending`, `isSuccess`, `isError`, `data` and `error`. The signed-out pages do without TanStack
 * Query, which stays out of their download (decision 0043).
 *
 * As with useMutation, the hook's own `onSuccess` runs for every success, and the callbacks given to
 * `mutate` only for the latest call while the form is still on screen.
 */
export function useFormRequest<TVariables, TData>(
  send: (variables: TVariables) => Promise<TData>,
  { onSuccess }: Pick<Callbacks<TData>, 'onSuccess'> = {},
) {
  const [state, setState] = useState<RequestState<TData>>({ status: 'idle' });
  const latestCall = useRef(0);
  const hookSuccess = useRef(onSuccess);
  useEffect(() => {
    hookSuccess.current = onSuccess;
  });
  // A form that leaves the screen hears nothing more of its calls.
  useEffect(
    () => () => {
      latestCall.current += 1;
    },
    [],
  );

  const mutate = useCallback(
    (variables: TVariables, callbacks: Callbacks<TData> = {}) => {
      latestCall.current += 1;
      const call = latestCall.current;
      const isLatest = () => call === latestCall.current;
      setState({ status: 'pending' });
      send(variables).then(
        (data) => {
          hookSuccess.current?.(data);
          if (!isLatest()) return;
          setState({ status: 'success', data });
          callbacks.onSuccess?.(data);
        },
        (error: unknown) => {
          if (!isLatest()) return;
          setState({ status: 'error', error });
          callbacks.onError?.(error);
        },
      );
    },
    [send],
  );

  return {
    mutate,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
