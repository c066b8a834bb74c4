import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: number | string;
  hint?: ReactNode;
}

/** One counter of a management page (total, ativos, inativos...). */
export function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
