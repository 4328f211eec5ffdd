import { createFileRoute } from '@tanstack/react-router';
import { HeaderBar } from '@/components/layout/header-bar';
import { PageGuard } from '@/components/layout/page-guard';
import { ScreenBody } from '@/components/layout/screen';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/trips')({
  component: TripsScreen,
});

function TripsScreen() {
  const { title, anyOf } = section('trips');
  return (
    <PageGuard anyOf={anyOf}>
      <HeaderBar title={title} />
      <ScreenBody />
    </PageGuard>
  );
}
