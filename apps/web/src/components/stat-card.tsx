import { Paper, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: number | string;
  hint?: ReactNode;
  /** The figure is still loading: a skeleton, never a '0' that is not true yet. */
  loading?: boolean;
  /** The figure could not be loaded: a dash, never a number that is not true. */
  unavailable?: boolean;
}

/** One counter of a management page (total, ativos, inativos...). */
export function StatCard({
  label,
  value,
  hint,
  loading = false,
  unavailable = false,
}: StatCardProps) {
  let figure: ReactNode = value;
  if (loading) {
    figure = (
      <>
        <Skeleton height={28} width={48} my={3} aria-hidden />
        <VisuallyHidden>Carregando</VisuallyHidden>
      </>
    );
  } else if (unavailable) {
    figure = (
      <>
        <span aria-hidden>—</span>
        <VisuallyHidden>Indisponível</VisuallyHidden>
      </>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" data-stat-card>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} component="div">
        {figure}
      </Text>
      {hint && !loading && !unavailable ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
