import { AUTH_MESSAGES } from '@milepost/contracts/messages';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from '@/components/layout/toasts';
import { setSessionEndedHandler } from '@/lib/api-client';
import { appQueryClient, clearQueryCache } from '@/lib/app-query-client';
import { ThemeProvider } from '@/lib/theme';
import { getAccessToken, getRefreshToken } from '@/lib/token-storage';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter();

// A stored session will open the signed-in app: load its query client alongside the app instead of
// after the route guard (a failure here is retried by the guard).
if (getAccessToken() !== null || getRefreshToken() !== null) appQueryClient().catch(() => {});

// A refresh that failed mid-session (docs/product/shell.md Auth): tokens are already cleared; drop cached
// data, say why, and go to /login.
setSessionEndedHandler(() => {
  clearQueryCache();
  toast.error(AUTH_MESSAGES.sessionEnded, { id: 'session-ended' });
  void router.navigate({ to: '/login' });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>
  </StrictMode>,
);
