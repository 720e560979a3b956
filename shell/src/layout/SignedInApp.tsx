import { getToken, onSessionChange } from '@labeldesk/api-client';
import { Navigate, Route, Routes } from '@labeldesk/router';
import { clearServerState, ServerStateProvider, UiProvider } from '@labeldesk/ui';
import { RemotePage } from '../federation/RemotePage';
import { ADMIN_ROUTES, CUSTOMER_ROUTES } from '../route-table';
import { AppLayout } from './AppLayout';
import { RequireAdmin } from './RequireAdmin';

// Cached server answers belong to one session: signing out (here, in another tab, or by expiry) or in as someone else
// forgets them all, so nothing of one account shows in the next.
let sessionToken = getToken();
onSessionChange(() => {
  const token = getToken();
  if (token === sessionToken) return;
  sessionToken = token;
  clearServerState();
});

/**
 * Everything behind the login: the component kit, the layout and the remotes. It is one lazy chunk, so the login screen
 * never downloads it. The one QueryClient of the shell and the remotes is provided here.
 */
export default function SignedInApp() {
  return (
    <ServerStateProvider>
      <UiProvider>
        <Routes>
          <Route element={<AppLayout />}>
            {CUSTOMER_ROUTES.map(([path, remote, page]) => (
              <Route key={path} path={path} element={<RemotePage remote={remote} page={page} />} />
            ))}
            <Route element={<RequireAdmin />}>
              {ADMIN_ROUTES.map(([path, page]) => (
                <Route key={path} path={path} element={<RemotePage remote="admin" page={page} />} />
              ))}
            </Route>
          </Route>
          {/* SPEC §2: any unknown path goes to /auth/login, which forwards a signed-in user to /dashboard. */}
          <Route path="*" element={<Navigate to="/auth/login" replace />} />
        </Routes>
      </UiProvider>
    </ServerStateProvider>
  );
}
