import { Toaster } from '../components/ui/toaster.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  return (
    <>
      <AppRouter />
      <Toaster />
    </>
  );
}
