import { useAppStore } from '../../app/store';
import { PageHeader } from '../../shared/PageHeader';
import { greeting } from './greeting';

/** Home. The calendar and upcoming jobs arrive with the scheduling issue. */
export function HomePage() {
  const firstName = useAppStore((s) => s.session?.user.firstName ?? '');
  return <PageHeader title="Home" description={`${greeting(new Date().getHours())}, ${firstName}.`} />;
}
