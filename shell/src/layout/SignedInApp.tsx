import { Navigate, Route, Routes } from '@labeldesk/router';
import { UiProvider } from '@labeldesk/ui';
import { RemotePage } from '../federation/RemotePage';
import { ADMIN_ROUTES, CUSTOMER_ROUTES } from '../route-table';
import { AppLayout } from './AppLayout';
import { RequireAdmin } from './RequireAdmin';

/**
 * Everything behind the login: the component kit, the layout and the remotes. It is one lazy chunk, so the login screen
 * never downloads it.
 */
export default function SignedInApp() {
  return (
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
  );
}
