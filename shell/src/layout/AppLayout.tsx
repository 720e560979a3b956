import { balanceQueries, logout as endSession, sessionQueries, updateStoredUser } from '@labeldesk/api-client';
import { Link, Outlet, useLocation, useNavigate } from '@labeldesk/router';
import {
  Anchor,
  AppShell,
  Avatar,
  Burger,
  Button,
  formatLongDate,
  formatUsd,
  Group,
  initials,
  NavLink,
  ScrollArea,
  Text,
  Title,
  useDisclosure,
  useQuery,
} from '@labeldesk/ui';
import { useEffect } from 'react';
import { useSession } from '../session';
import { isActive, navFor } from './nav';

/** Refreshes the stored user from the server (name, role; an expired token clears the session). */
function useFreshUser(token: string | null) {
  const verify = useQuery({ ...sessionQueries.verify(), enabled: token !== null });
  useEffect(() => {
    if (verify.data?.user) updateStoredUser(verify.data.user);
  }, [verify.data]);
  useEffect(() => {
    if (verify.error) console.warn('Token verification failed', verify.error);
  }, [verify.error]);
}

export function AppLayout() {
  const { token, stored } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  useFreshUser(token);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the path changes.
  useEffect(() => close(), [pathname]);

  const user = stored.kind === 'ok' ? stored.user : null;
  // The header's figure is the shared balance query: every purchase, top-up or adjustment invalidates it, in any
  // remote, and it refetches when the window regains focus. Until it answers, the stored user's figure shows.
  const balance = useQuery({
    ...balanceQueries.current(),
    enabled: token !== null,
    placeholderData: user ? { balance: user.balance } : undefined,
  });
  const items = navFor(pathname);
  const logout = () => {
    endSession(); // revokes the session on the server, clears storage
    navigate('/auth/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      // 200 px up to 1408 px wide (the 1280 px of most laptops leaves the tables 40 px more), 240 px above.
      navbar={{ width: { sm: 200, xl: 240 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Anchor
              component={Link}
              to={pathname.startsWith('/admin') ? '/admin' : '/dashboard'}
              underline="never"
              c="inherit"
            >
              <Title order={4}>LabelDesk</Title>
            </Anchor>
            <Text size="sm" c="dimmed" visibleFrom="md" data-testid="header-date">
              {formatLongDate(new Date())}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Text size="sm" fw={600} data-testid="header-balance" aria-label="Balance">
              {formatUsd(balance.data?.balance ?? user?.balance ?? 0)}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Avatar color="indigo" radius="xl" size="sm" data-testid="header-initials">
                {initials(user?.name ?? '')}
              </Avatar>
              <Text size="sm" visibleFrom="sm" data-testid="header-name">
                {user?.name}
              </Text>
            </Group>
            <Button variant="subtle" size="xs" component={Link} to="/settings">
              Settings
            </Button>
            <Button variant="subtle" size="xs" onClick={logout}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={pathname.startsWith('/admin') ? 'Admin navigation' : 'Customer navigation'}>
        <ScrollArea>
          {items.map((item) => (
            <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={isActive(item, pathname)} />
          ))}
          {user?.isAdmin ? (
            <NavLink
              component={Link}
              to={pathname.startsWith('/admin') ? '/dashboard' : '/admin'}
              label={pathname.startsWith('/admin') ? 'Customer view' : 'Admin panel'}
              variant="subtle"
              mt="md"
            />
          ) : null}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
