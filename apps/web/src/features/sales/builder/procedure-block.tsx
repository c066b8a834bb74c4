import {
  Badge,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  groupProcedures,
  isDimmed,
  occurrencesOf,
  type BlockLimits,
  type ClinicalIssue,
  type ProcedureSelection,
  type Service,
  type ServiceBlock,
} from '@portal/domain';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import classes from './builder.module.css';
import { ProcedureCard } from './procedure-card';

export interface ProcedureBlockProps {
  block: ServiceBlock;
  /** The block's visible procedures (already filtered by package and search). */
  services: Service[];
  selection: ProcedureSelection;
  limits: BlockLimits;
  /** A search is typed: groups open so every match shows. */
  searching: boolean;
  /** 'Modo cliente': the cards hide their internal score. */
  clientMode: boolean;
  onToggle: (service: Service) => void;
  /** The '−' control: one session less. */
  onRemoveSession: (service: Service) => void;
  onShowDetails: (service: Service) => void;
  /** The clinical check's issues for the chosen client, by procedure id (issue 26). */
  issues?: ReadonlyMap<number, readonly ClinicalIssue[]>;
}

/** 'n/limit selecionados' plus ' • Limite atingido' when the block is full (SPEC builder). */
export function blockCounterText(count: number, limit: number): string {
  return `${count}/${limit} selecionados${count >= limit ? ' • Limite atingido' : ''}`;
}

/**
 * A group's title: what its names have in common ('Criolipólise - Abdômen' and 'Criolipólise -
 * Flancos' → 'Criolipólise'), else the first name.
 */
export function groupTitle(names: readonly string[]): string {
  const [first = '', ...rest] = names;
  let prefix = first;
  for (const name of rest) {
    let length = 0;
    while (length < prefix.length && length < name.length && prefix[length] === name[length]) {
      length += 1;
    }
    prefix = prefix.slice(0, length);
  }
  // Cut back to a whole word and drop a trailing separator ('Peeling q' → 'Peeling').
  const whole = prefix.length === first.length ? prefix : prefix.replace(/\s*\S*$/, '');
  const title = whole.replace(/[\s\-–—:,/]+$/, '').trim();
  return title.length >= 3 ? title : first;
}

export function ProcedureBlock({
  block,
  services,
  selection,
  limits,
  searching,
  clientMode,
  onToggle,
  onRemoveSession,
  onShowDetails,
  issues,
}: ProcedureBlockProps) {
  const headingId = useId();
  const count = selection[block].length;
  const limit = limits[block];
  const full = count >= limit;

  const card = (service: Service) => (
    <ProcedureCard
      key={service.id}
      service={service}
      sessions={occurrencesOf(selection, service)}
      dimmed={isDimmed(selection, service, limits)}
      showScore={!clientMode}
      onToggle={onToggle}
      onRemoveSession={onRemoveSession}
      onShowDetails={onShowDetails}
      issues={issues?.get(service.id)}
    />
  );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          Bloco {block}
        </Title>
        <Text
          size="sm"
          fw={600}
          c={full ? undefined : 'dimmed'}
          className={full ? classes.warningText : undefined}
          aria-live="polite"
        >
          {blockCounterText(count, limit)}
        </Text>
      </Group>
      {services.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed">Nenhum procedimento encontrado para o bloco {block}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
          {groupProcedures(services).map((entry) =>
            entry.kind === 'single' ? (
              card(entry.service)
            ) : (
              <ProcedureGroup
                key={`group-${entry.key}`}
                services={entry.services}
                selection={selection}
                forceOpen={searching}
                blocked={entry.services.some((service) =>
                  (issues?.get(service.id) ?? []).some((issue) => issue.severity === 'absolute'),
                )}
              >
                {entry.services.map(card)}
              </ProcedureGroup>
            ),
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ProcedureGroup({
  services,
  selection,
  forceOpen,
  blocked,
  children,
}: {
  services: Service[];
  selection: ProcedureSelection;
  forceOpen: boolean;
  /** A procedure of the group is contraindicated for the client: said on the closed group too. */
  blocked: boolean;
  children: React.ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const contentId = useId();
  const expanded = opened || forceOpen;
  const title = groupTitle(services.map((service) => service.name));
  const selectedSessions = services.reduce(
    (sum, service) => sum + occurrencesOf(selection, service),
    0,
  );
  const Chevron = expanded ? IconChevronDown : IconChevronRight;

  return (
    // A group spans the whole row so its cards keep the grid's width when it opens.
    <Paper withBorder radius="md" p="xs" style={{ gridColumn: '1 / -1' }}>
      <UnstyledButton
        w="100%"
        p="xs"
        aria-expanded={expanded}
        aria-controls={contentId}
        onClick={() => setOpened((value) => !value)}
      >
        {/* Wraps on a phone, so the badges keep their words beside a long title. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Chevron size={18} aria-hidden />
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {services.length} procedimentos
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {blocked ? (
              <Badge color="red" variant="light">
                Contraindicado
              </Badge>
            ) : null}
            {selectedSessions > 0 ? (
              <Badge variant="filled">
                {selectedSessions === 1 ? '1 sessão' : `${selectedSessions} sessões`}
              </Badge>
            ) : null}
          </Group>
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} id={contentId}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" p="xs">
          {children}
        </SimpleGrid>
      </Collapse>
    </Paper>
  );
}
