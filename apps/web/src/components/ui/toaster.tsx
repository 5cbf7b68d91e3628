import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hasToastRequests, subscribeToToastRequests } from '../../lib/toast.ts';

const ToastContainer = lazy(async () => ({ default: (await import('./toast-container.tsx')).ToastContainer }));

/** Where toasts appear: nothing until the first toast (lib/toast.ts) is shown, then react-toastify's container. */
export function Toaster() {
  const isRequested = useSyncExternalStore(subscribeToToastRequests, hasToastRequests);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
