import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  formatPercent,
  formatReais,
  type ContraindicationConflict,
  type Service,
} from '@portal/domain';
import { IconAlertTriangle, IconInfoCircle, IconMinus } from '@tabler/icons-react';
import { useLongPress } from '../../../components/use-long-press';
import classes from './builder.module.css';

export interface ProcedureCardProps {
  service: Service;
  /** Sessions of this procedure in the selection. */
  sessions: number;
  /** A click would do nothing (block or session limit reached and not selected). */
  dimmed: boolean;
  /** The internal score; hidden in 'modo cliente'. */
  showScore: boolean;
  onToggle: (service: Service) => void;
  /** The '−' control, shown while the procedure has sessions. */
  onRemoveSession: (service: Service) => void;
  onShowDetails: (service: Service) => void;
  /** Its traits meet the chosen client's allergies or contraindications (issue 13). */
  conflict?: ContraindicationConflict | undefined;
}

/** The card's line about a conflict: what the procedure involves that the client's record names. */
export function conflictLine(conflict: ContraindicationConflict): string {
  return `Atenção: envolve ${conflict.traits.join(', ')}, que consta na ficha do cliente`;
}

/**
 * One procedure of a block: a toggle button (aria-pressed) that adds a session per click, a
 * visible details button beside it, since a 2-second press (SPEC) cannot be discovered, and a
 * '−' that removes one session.
 */
export function ProcedureCard({
  service,
  sessions,
  dimmed,
  showScore,
  onToggle,
  onRemoveSession,
  onShowDetails,
  conflict,
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
            {showScore ? (
              <Text size="xs" c="dimmed">
                Score {formatPercent(service.min_margin_percent)}
              </Text>
            ) : null}
            {selected ? (
              <Badge size="sm" variant="filled">
                {sessions === 1 ? '1 sessão' : `${sessions} sessões`}
              </Badge>
            ) : null}
          </Group>
          {conflict ? (
            <Group gap={4} wrap="nowrap" align="flex-start" data-testid="procedure-conflict">
              <IconAlertTriangle
                size={14}
                aria-hidden
                color="var(--mantine-color-orange-filled)"
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text size="xs" c="var(--mantine-color-orange-text)" lh={1.3}>
                {conflictLine(conflict)}
              </Text>
            </Group>
          ) : null}
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
      {selected ? (
        // A click on a full card removes every session; this takes away just one.
        <ActionIcon
          className={classes.removeButton}
          variant="default"
          aria-label={`Remover uma sessão de ${service.name}`}
          onClick={() => onRemoveSession(service)}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Paper>
  );
}
