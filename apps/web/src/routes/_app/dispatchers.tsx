import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { HeaderBar } from '@/components/layout/header-bar';
import { PageGuard } from '@/components/layout/page-guard';
import { ScreenBody } from '@/components/layout/screen';
import { section } from '@/lib/sections';

const DISPATCHERS_TABS = ['dispatchers', 'teams'] as const;

const searchSchema = z.object({
  tab: z.enum(DISPATCHERS_TABS).default('dispatchers').catch('dispatchers'),
});

export const Route = createFileRoute('/_app/dispatchers')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ tab: 'dispatchers' })] },
  component: DispatchersScreen,
});

function DispatchersScreen() {
  const { title, anyOf } = section('dispatchers');
  const { tab } = Route.useSearch();
  return (
    <PageGuard anyOf={anyOf}>
      <HeaderBar title={title} />
      <ScreenBody data-tab={tab} />
    </PageGuard>
  );
}
