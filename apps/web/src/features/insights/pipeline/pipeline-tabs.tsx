import { Button, Group } from '@mantine/core';
import { IconCalendarRepeat, IconLayoutKanban } from '@tabler/icons-react';
import { Link } from 'react-router';

const TABS = [
  { to: '/pipeline', label: 'Pipeline', icon: IconLayoutKanban },
  { to: '/renovacoes', label: 'Renovações', icon: IconCalendarRepeat },
] as const;

/** Pipeline and renewals are one menu entry; these links move between the two pages. */
export function PipelineTabs({ current }: { current: '/pipeline' | '/renovacoes' }) {
  return (
    <Group gap={4} component="nav" aria-label="Pipeline e renovações">
      {TABS.map(({ to, label, icon: TabIcon }) => (
        <Button
          key={to}
          component={Link}
          to={to}
          size="xs"
          variant={to === current ? 'light' : 'subtle'}
          color={to === current ? undefined : 'gray'}
          aria-current={to === current ? 'page' : undefined}
          leftSection={<TabIcon size={14} aria-hidden />}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
