import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Top-right corner, e.g. the admin login's Claro/Escuro indicator. */
  corner?: ReactNode;
  children: ReactNode;
}

/** Centered card shared by the sign-in, register and password screens. */
export function AuthCard({ title, subtitle, corner, children }: AuthCardProps) {
  return (
    <main className={classes.page}>
      <Paper
        withBorder
        shadow="md"
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        className={classes.card}
      >
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <ThemeIcon size="lg" radius="md" aria-hidden>
                <IconSparkles size={20} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                Portal Estética
              </Text>
            </Group>
            {corner}
          </Group>
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </main>
  );
}
