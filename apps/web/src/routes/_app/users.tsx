import { createFileRoute } from '@tanstack/react-router';
import { HeaderBar } from '@/components/layout/header-bar';
import { PageGuard } from '@/components/layout/page-guard';
import { ScreenBody } from '@/components/layout/screen';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/users')({
  component: UsersScreen,
});

function UsersScreen() {
  const { title, anyOf } = section('users');
  return (
    <PageGuard anyOf={anyOf}>
      <HeaderBar title={title} />
      <ScreenBody />
    </PageGuard>
  );
}
