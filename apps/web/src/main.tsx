import { AUTH_MESSAGES } from '@milepost/contracts/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from '@/components/layout/toasts';
import { setSessionEndedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A refresh that failed mid-session (docs/product/shell.md Auth): tokens are already cleared; drop cached
// data, say why, and go to /login.
setSessionEndedHandler(() => {
  queryClient.clear();
  toast.error(AUTH_MESSAGES.sessionEnded, { id: 'session-ended' });
  void router.navigate({ to: '/login' });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
