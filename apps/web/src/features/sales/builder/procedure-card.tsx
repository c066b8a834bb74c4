import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatPercent, formatReais, type ClinicalIssue, type Service } from '@portal/domain';
import { IconAlertTriangle, IconBan, IconInfoCircle, IconMinus } from '@tabler/icons-react';
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
  /**
   * The clinical check's issues for the chosen client (issue 26): an absolute one blocks the
   * card (badge and its one-line reason), relative ones are warnings beside it.
   */
  issues?: readonly ClinicalIssue[] | undefined;
}

/** The card's clinical state: the absolute issues (blocked) and the relative ones (warned). */
export function splitIssues(issues: readonly ClinicalIssue[] = []) {
  return {
    absolute: issues.filter((issue) => issue.severity === 'absolute'),
    relative: issues.filter((issue) => issue.severity === 'relative'),
  };
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
  issues,
}: ProcedureCardProps) {
  const longPress = useLongPress(() => onShowDetails(service));
  const selected = sessions > 0;
  const { absolute, relative } = splitIssues(issues);
  const blocked = absolute.length > 0;
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.procedureCard}
      data-selected={selected || undefined}
      data-dimmed={dimmed || undefined}
      data-blocked={blocked || undefined}
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
          {blocked ? (
            <Stack gap={2} data-testid="procedure-blocked">
              <Badge
                size="sm"
                color="red"
                variant={selected ? 'outline' : 'filled'}
                leftSection={<IconBan size={12} aria-hidden />}
              >
                {selected ? 'Contraindicado · justificado' : 'Contraindicado'}
              </Badge>
              {absolute.map((issue) => (
                <Text
                  key={`${issue.code}:${issue.condition}`}
                  size="xs"
                  c="var(--mantine-color-red-text)"
                  lh={1.3}
                >
                  {issue.message}
                </Text>
              ))}
            </Stack>
          ) : null}
          {relative.map((issue) => (
            <Group
              key={`${issue.code}:${issue.condition}`}
              gap={4}
              wrap="nowrap"
              align="flex-start"
              data-testid="procedure-warning"
            >
              <IconAlertTriangle
                size={14}
                aria-hidden
                color="var(--mantine-color-orange-filled)"
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text size="xs" c="var(--mantine-color-orange-text)" lh={1.3}>
                {issue.message}
              </Text>
            </Group>
          ))}
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
