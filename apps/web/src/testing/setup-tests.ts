import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';

afterEach(() => {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
  localStorage.clear();
});
