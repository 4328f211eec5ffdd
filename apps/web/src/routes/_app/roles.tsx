import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { HeaderBar } from '@/components/layout/header-bar';
import { PageGuard } from '@/components/layout/page-guard';
import { ScreenBody } from '@/components/layout/screen';
import { section } from '@/lib/sections';

const ROLES_TABS = ['roles', 'permissions'] as const;

const searchSchema = z.object({
  tab: z.enum(ROLES_TABS).default('roles').catch('roles'),
});

export const Route = createFileRoute('/_app/roles')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ tab: 'roles' })] },
  component: RolesScreen,
});

function RolesScreen() {
  const { title, anyOf } = section('roles');
  const { tab } = Route.useSearch();
  return (
    <PageGuard anyOf={anyOf}>
      <HeaderBar title={title} />
      <ScreenBody data-tab={tab} />
    </PageGuard>
  );
}
