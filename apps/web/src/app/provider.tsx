import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@clearport/contract/constants';
import { createQueryClient } from '../lib/query-client.ts';

type AppProviderProps = {
  children: ReactNode;
};

export function AppProvider({ children }: AppProviderProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover pauseOnFocusLoss />
    </QueryClientProvider>
  );
}
