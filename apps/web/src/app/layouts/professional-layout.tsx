import { AppShell, Burger, Button, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { isAdminProfile, isManagerProfile } from '../../lib/profiles';
import {
  IconCalendarCheck,
  IconChartBar,
  IconFileInvoice,
  IconLayoutKanban,
  IconHome,
  IconUsers,
  IconLogout,
  IconSchool,
  IconCoin,
  IconReceipt,
  IconShieldLock,
  IconSparkles,
  type Icon,
} from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { PageLoader } from '../../components/page-loader';
import { NoticeBannerSlot } from '../../features/people/notices/notice-banner';
import { CurrentUserRefresh } from '../../lib/current-user';
import { useSession } from '../../lib/use-session';
import { useSignOut } from '../../lib/use-sign-out';
import { DrawerLink } from './drawer-link';
import classes from './professional-layout.module.css';

interface TopLink {
  to: string;
  label: string;
  icon: Icon;
  /** Other paths whose pages this link stands for (highlighted as current there). */
  alsoActiveOn?: readonly string[];
}

/** SPEC "Professional layout": the top navigation. */
export const PROFESSIONAL_LINKS: readonly TopLink[] = [
  { to: '/home', label: 'Início', icon: IconHome },
  { to: '/clientes', label: 'Clientes', icon: IconUsers },
  { to: '/propostas', label: 'Propostas', icon: IconFileInvoice },
  { to: '/professional/editservices', label: 'Procedimentos', icon: IconSparkles },
  { to: '/professional/trainings', label: 'Treinamentos', icon: IconSchool },
];

/**
 * Issue 14: the pipeline of one's own proposals (a manager's unit, an admin's all), with the
 * renewals as its second tab: one link, so the admin's nine links still fit one row at 1366 px.
 */
const PIPELINE_LINKS: readonly TopLink[] = [
  { to: '/pipeline', label: 'Pipeline', icon: IconLayoutKanban, alsoActiveOn: ['/renovacoes'] },
];

/**
 * Issue 28: the front desk's 'Sessões de hoje', for professionals and managers; admins, who
 * work across the network, reach contracts from clients (and keep their links on one row).
 */
const SESSIONS_LINK: TopLink = {
  to: '/sessoes-de-hoje',
  label: 'Sessões de hoje',
  icon: IconCalendarCheck,
  alsoActiveOn: ['/contratos'],
};

/**
 * Issue 29: a unit's 'Cobranças', for its manager (the receivables are managers'; admins, across
 * the network, open /cobrancas from the URL and keep their links on one row).
 */
const COLLECTIONS_LINK: TopLink = {
  to: '/cobrancas',
  label: 'Cobranças',
  icon: IconReceipt,
};

/**
 * Issue 30: 'Comissões' for everyone — a professional their own statement, a manager their
 * unit's, an admin the network's and the rules (the API scopes each answer).
 */
const COMMISSIONS_LINK: TopLink = { to: '/comissoes', label: 'Comissões', icon: IconCoin };

/** Managers and admins read the sales dashboard. */
const MANAGEMENT_LINK: TopLink = { to: '/gestao', label: 'Gestão', icon: IconChartBar };

/** Admins browse /home in this shell too; they get a way back to their area. */
const ADMIN_AREA_LINK: TopLink = {
  to: '/admin/users',
  label: 'Administração',
  icon: IconShieldLock,
};

/** From this width the links sit in the header; below it, in the drawer (the CSS module agrees). */
const TOP_NAV_FROM = '80em';

function isActive(pathname: string, { to, alsoActiveOn = [] }: TopLink): boolean {
  return [to, ...alsoActiveOn].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export default function ProfessionalLayout() {
  const { user } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  // The drawer exists for phones only; `inert` keeps its off-screen links out of the tab order.
  // Where the top navigation shows (professional-layout.module.css).
  const isDesktop = useMediaQuery(`(min-width: ${TOP_NAV_FROM})`, true, {
    getInitialValueInEffect: false,
  });
  const drawerVisible = !isDesktop && menuOpened;
  // Each navigation is drawn only where it can show: the top one from 80em, the drawer's links
  // once a phone opens it (then kept, so closing still slides them out). Drawn hidden, the two
  // were 99 of the builder's 331 elements on a phone, in its first commit, style and layout
  // (docs/decisions/0027-first-frame-on-the-issue-machine.md).
  // Set while rendering: React redraws at once with it, before anything is committed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerVisible && !drawerUsed) setDrawerUsed(true);
  const drawerLinksDrawn = drawerUsed && !isDesktop;
  const links = [
    ...PROFESSIONAL_LINKS,
    ...PIPELINE_LINKS,
    ...(isAdminProfile(user?.profile) ? [] : [SESSIONS_LINK]),
    ...(user?.profile === 'manager' ? [COLLECTIONS_LINK] : []),
    COMMISSIONS_LINK,
    ...(isManagerProfile(user?.profile) ? [MANAGEMENT_LINK] : []),
    ...(isAdminProfile(user?.profile) ? [ADMIN_AREA_LINK] : []),
  ];

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 60 }}
      // On phones the top navigation folds into a drawer opened by the burger.
      navbar={{
        width: 260,
        breakpoint: TOP_NAV_FROM,
        collapsed: { mobile: !menuOpened, desktop: true },
      }}
      padding="md"
    >
      <CurrentUserRefresh />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={toggleMenu}
              className={classes.burger}
              size="sm"
              aria-label={menuOpened ? 'Fechar menu' : 'Abrir menu'}
              aria-expanded={menuOpened}
              aria-controls="professional-menu"
            />
            <BrandLink />
          </Group>

          <Group
            component="nav"
            aria-label="Navegação principal"
            // A manager's ten links (with Cobranças and Comissões) fit one row at 1366 px only
            // a little tighter.
            gap={links.length > 9 ? 0 : 4}
            className={classes.topNav}
          >
            {isDesktop
              ? links.map((link) => {
                  const { to, label } = link;
                  const active = isActive(pathname, link);
                  return (
                    <Button
                      key={to}
                      component={Link}
                      to={to}
                      variant={active ? 'light' : 'subtle'}
                      color={active ? undefined : 'gray'}
                      aria-current={active ? 'page' : undefined}
                      px={links.length > 9 ? 6 : 'xs'}
                    >
                      {label}
                    </Button>
                  );
                })
              : null}
          </Group>

          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => signOut('/login')}
            >
              Sair
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="professional-menu"
        className={classes.drawer}
        p="sm"
        aria-label="Navegação principal (celular)"
        inert={!drawerVisible}
      >
        <Stack gap={4}>
          {drawerLinksDrawn
            ? links.map((link) => (
                <DrawerLink
                  key={link.to}
                  to={link.to}
                  label={link.label}
                  icon={link.icon}
                  active={isActive(pathname, link)}
                  onClick={closeMenu}
                />
              ))
            : null}
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main>
        {/* SLOT: rotating notice banner (src/features/people/notices/notice-banner.tsx). */}
        <NoticeBannerSlot />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
