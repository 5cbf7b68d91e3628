import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';

// findBy* and waitFor give up after 1 s by default: a first render on a loaded machine can take longer.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // The files of a worker share its globals (isolate: false): a test's fake clock must not outlive it.
  vi.useRealTimers();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
  localStorage.clear();
});
