import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { greetingWithName } from '../../../features/home/utils/greeting.ts';
import { readSession } from '../../../lib/session.ts';

export function HomeRoute() {
  return (
    <>
      <PageHeader title={greetingWithName(readSession()?.name)} />
      <NotAvailable />
    </>
  );
}
