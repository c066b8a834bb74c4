import { AppShell, Burger, Button, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import {
  IconArrowsJoin,
  IconBell,
  IconChartBar,
  IconGauge,
  IconHistory,
  IconLogout,
  IconPackage,
  IconRobot,
  IconSchool,
  IconSettings,
  IconSparkles,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { PageLoader } from '../../components/page-loader';
import { CurrentUserRefresh } from '../../lib/current-user';
import { useIsDesktop } from '../../lib/use-is-desktop';
import { useSession } from '../../lib/use-session';
import { useSignOut } from '../../lib/use-sign-out';
import { DrawerLink } from './drawer-link';

interface AdminLink {
  to: string;
  label: string;
  icon: Icon;
}

/** SPEC "Admin shell": its seven links with these labels, then the admin pages added since. */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { to: '/admin/users', label: 'Users', icon: IconUsers },
  { to: '/admin/services', label: 'Procedimentos', icon: IconSparkles },
  { to: '/admin/packages', label: 'Pacotes', icon: IconPackage },
  { to: '/admin/synergy', label: 'Sinergias', icon: IconArrowsJoin },
  { to: '/admin/notices', label: 'Notificações', icon: IconBell },
  { to: '/admin/trainings', label: 'Treinamentos', icon: IconSchool },
  { to: '/admin/prompt-ai', label: 'Prompt - AI', icon: IconRobot },
  { to: '/admin/desempenho', label: 'Desempenho', icon: IconGauge },
  { to: '/admin/auditoria', label: 'Auditoria', icon: IconHistory },
  { to: '/admin/configuracoes', label: 'Configurações', icon: IconSettings },
  // Issue 14: the sales dashboard, pipeline and renewals live in the professional shell.
  { to: '/gestao', label: 'Gestão', icon: IconChartBar },
];

/** SPEC 1: the sidebar open state is remembered locally (desktop; the phone drawer starts closed). */
const SIDEBAR_STORAGE_KEY = 'portal-admin-sidebar-open';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export default function AdminLayout() {
  const { user } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [desktopOpened, setDesktopOpened] = useLocalStorage({
    key: SIDEBAR_STORAGE_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  // A collapsed navbar only slides off screen; `inert` keeps its links out of the tab order.
  const isDesktop = useIsDesktop();
  const sidebarVisible = isDesktop ? desktopOpened : mobileOpened;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 240,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <CurrentUserRefresh />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Fechar menu' : 'Abrir menu'}
              aria-expanded={mobileOpened}
              aria-controls="admin-sidebar"
            />
            <Burger
              opened={desktopOpened}
              onClick={() => setDesktopOpened((opened) => !opened)}
              visibleFrom="sm"
              size="sm"
              aria-label={desktopOpened ? 'Fechar menu' : 'Abrir menu'}
              aria-expanded={desktopOpened}
              aria-controls="admin-sidebar"
            />
            <BrandLink />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user ? (
              <Text size="sm" fw={500} visibleFrom="sm" data-testid="current-user-name">
                {user.name}
              </Text>
            ) : null}
            <ColorSchemeToggle />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => signOut('/admin/login')}
            >
              Sair
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="admin-sidebar"
        p="sm"
        aria-label="Menu de administração"
        inert={!sidebarVisible}
      >
        <AppShell.Section grow component={ScrollArea}>
          {ADMIN_LINKS.map(({ to, label, icon }) => (
            <DrawerLink
              key={to}
              to={to}
              label={label}
              icon={icon}
              active={isActive(pathname, to)}
              onClick={closeMobile}
              variant="light"
            />
          ))}
        </AppShell.Section>
        {user ? (
          <AppShell.Section hiddenFrom="sm" pt="sm">
            <Text size="sm" c="dimmed">
              {user.name}
            </Text>
          </AppShell.Section>
        ) : null}
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
