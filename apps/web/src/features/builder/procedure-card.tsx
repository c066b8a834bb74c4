import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatPercent, formatReais, type Service } from '@portal/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLongPress } from '../../components/use-long-press';
import classes from './builder.module.css';

export interface ProcedureCardProps {
  service: Service;
  /** Sessions of this procedure in the selection. */
  sessions: number;
  /** A click would do nothing (block or session limit reached and not selected). */
  dimmed: boolean;
  onToggle: (service: Service) => void;
  onShowDetails: (service: Service) => void;
}

/**
 * One procedure of a block: a toggle button (aria-pressed) that adds a session per click, plus a
 * visible details button beside it, since a 2-second press (SPEC) cannot be discovered.
 */
export function ProcedureCard({
  service,
  sessions,
  dimmed,
  onToggle,
  onShowDetails,
}: ProcedureCardProps) {
  const longPress = useLongPress(() => onShowDetails(service));
  const selected = sessions > 0;
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.procedureCard}
      data-selected={selected || undefined}
      data-dimmed={dimmed || undefined}
    >
      <UnstyledButton
        className={classes.procedureButton}
        aria-pressed={selected}
        // Still focusable and long-pressable for details; a click just does nothing.
        aria-disabled={dimmed || undefined}
        onClick={() => onToggle(service)}
        {...longPress}
      >
        <Stack gap={4}>
          <Text fw={600} lh={1.3}>
            {service.name}
          </Text>
          <Text size="sm">{formatReais(service.value)}</Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Score {formatPercent(service.min_margin_percent)}
            </Text>
            {selected ? (
              <Badge size="sm" variant="filled">
                {sessions === 1 ? '1 sessão' : `${sessions} sessões`}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </UnstyledButton>
      <ActionIcon
        className={classes.detailsButton}
        variant="subtle"
        color="gray"
        aria-label={`Ver detalhes de ${service.name}`}
        onClick={() => onShowDetails(service)}
      >
        <IconInfoCircle size={18} aria-hidden />
      </ActionIcon>
    </Paper>
  );
}
