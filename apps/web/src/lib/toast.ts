import type { ToastOptions } from 'react-toastify';

/*
 * Toasts through react-toastify, fetched the first time one is shown, so no page pays for it
 * before. react-toastify keeps a toast sent before its container mounts and shows it then;
 * `Toaster` (components/ui/toaster.tsx) mounts the container on the first request.
 */

let isRequested = false;
const listeners = new Set<() => void>();

export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has been shown yet on this page. */
export function hasToastRequests(): boolean {
  return isRequested;
}

/**
 * A success is a status, read out when the reader is idle; a failure is an alert, read out at once.
 * react-toastify makes every toast an alert unless told.
 */
const ROLES = { success: 'status', error: 'alert' } as const;

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then((module) => module.toast[kind](message, { role: ROLES[kind], ...options }));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
