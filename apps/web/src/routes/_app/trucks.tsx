import { createFileRoute } from '@tanstack/react-router';
import { HeaderBar } from '@/components/layout/header-bar';
import { PageGuard } from '@/components/layout/page-guard';
import { ScreenBody } from '@/components/layout/screen';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/trucks')({
  component: TrucksScreen,
});

function TrucksScreen() {
  const { title, anyOf } = section('trucks');
  return (
    <PageGuard anyOf={anyOf}>
      <HeaderBar title={title} />
      <ScreenBody />
    </PageGuard>
  );
}
