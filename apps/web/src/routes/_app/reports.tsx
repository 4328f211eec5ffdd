import { createFileRoute } from '@tanstack/react-router';
import { HeaderBar } from '@/components/layout/header-bar';
import { PageGuard } from '@/components/layout/page-guard';
import { ScreenBody } from '@/components/layout/screen';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/reports')({
  component: ReportsScreen,
});

function ReportsScreen() {
  const { title, anyOf } = section('reports');
  return (
    <PageGuard anyOf={anyOf}>
      <HeaderBar title={title} />
      <ScreenBody />
    </PageGuard>
  );
}
