import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
}

/** "Nothing here yet" block used by lists and tables. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
        <IconInbox size={26} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {description ? <Text c="dimmed">{description}</Text> : null}
      {action}
    </Stack>
  );
}
