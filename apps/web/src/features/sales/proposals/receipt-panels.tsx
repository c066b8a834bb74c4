import {
  Alert,
  Badge,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  RECEIPT_BENEFIT_LINES,
  RECEIPT_BENEFIT_PROCEDURES,
  RECEIPT_MESSAGES,
  SYNERGY_MESSAGES,
  formatDateTimeBR,
  serviceBenefitLines,
  type ClinicalIssue,
  type Service,
} from '@portal/domain';
import { IconAlertCircle, IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useServicesQuery } from '../../../api/catalogue/services';
import type { Proposal } from '../../../api/sales/proposals';
import { synergyGain, useGenerateSynergiesMutation } from '../../../api/sales/synergies';
import { errorMessage } from '../../../lib/api-client';
import { withName } from '../components/clinical-override';

/**
 * The receipt's panels of SPEC section 2 restored on the stored proposal (issue 26): the
 * clinical issues its items met at save and the reasons kept for blocked ones, 'Benefícios'
 * (the first 3 procedures, up to 2 lines each) and 'Sinergias' (asked on the button).
 */

type ProposalWarning = Proposal['warnings'][number];

function isClinicalIssue(warning: ProposalWarning): warning is ClinicalIssue {
  return 'severity' in warning;
}

/** The clinical issues of the saved proposal, and the reasons recorded for keeping blocked ones. */
export function ClinicalPanel({ proposal }: { proposal: Proposal }) {
  const names = new Map(proposal.items.map((item) => [item.service_id, item.name]));
  const nameOf = (id: number) => names.get(id) ?? `Procedimento ${id}`;
  const overrides = proposal.clinical_overrides ?? [];
  if (proposal.warnings.length === 0 && overrides.length === 0) return null;
  const absolute = proposal.warnings.filter(
    (warning) => !isClinicalIssue(warning) || warning.severity === 'absolute',
  );
  const relative = proposal.warnings.filter(
    (warning) => isClinicalIssue(warning) && warning.severity === 'relative',
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="avisos-clinicos">
      <Group gap="xs" mb="xs">
        <IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-orange-filled)" />
        <Title order={2} size="h4" id="avisos-clinicos">
          Avisos clínicos
        </Title>
      </Group>
      <Stack gap="xs">
        {absolute.map((warning) => (
          // The badge above its text, as on the builder's cards: the text keeps the whole width
          // on a phone.
          <Stack key={`${warning.service_id}:${warning.message}`} gap={4} align="flex-start">
            <Badge color="red" size="sm" leftSection={<IconBan size={12} aria-hidden />}>
              Contraindicado
            </Badge>
            <Text size="sm">{withName(nameOf(warning.service_id), warning.message)}</Text>
          </Stack>
        ))}
        {relative.map((warning) => (
          <Stack key={`${warning.service_id}:${warning.message}`} gap={4} align="flex-start">
            <Badge color="orange" variant="dot" size="sm">
              Atenção
            </Badge>
            <Text size="sm">{withName(nameOf(warning.service_id), warning.message)}</Text>
          </Stack>
        ))}
        {overrides.length > 0 ? (
          <Alert color="red" variant="light" title="Mantido com justificativa">
            <List size="sm" spacing={4}>
              {overrides.map((override) => (
                <List.Item key={`${override.service_id}:${override.condition}`}>
                  <strong>{nameOf(override.service_id)}</strong>: “{override.reason}” —{' '}
                  {override.by.name}, {formatDateTimeBR(override.at)}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface BenefitCard {
  title: string;
  lines: string[];
}

/** The first 3 procedures of the proposal, up to 2 benefit lines each (blank ones dropped). */
export function proposalBenefitCards(
  proposal: Pick<Proposal, 'items'>,
  catalogue: readonly Service[],
): BenefitCard[] {
  const byId = new Map(catalogue.map((service) => [service.id, service]));
  return proposal.items.slice(0, RECEIPT_BENEFIT_PROCEDURES).flatMap((item) => {
    const service = byId.get(item.service_id);
    const lines = service ? serviceBenefitLines(service).slice(0, RECEIPT_BENEFIT_LINES) : [];
    return lines.length > 0 ? [{ title: item.name, lines }] : [];
  });
}

/** 'Benefícios': what the first procedures do for the client, from the catalogue's texts. */
export function BenefitsPanel({ proposal }: { proposal: Proposal }) {
  const catalogue = useServicesQuery();
  const cards = proposalBenefitCards(proposal, catalogue.data ?? []);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="beneficios">
      <Title order={2} size="h4" id="beneficios" mb="sm">
        Benefícios
      </Title>
      {catalogue.isPending ? (
        <Loader size="sm" aria-label="Carregando benefícios" />
      ) : cards.length === 0 ? (
        <Text c="dimmed" size="sm">
          {RECEIPT_MESSAGES.noBenefits}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {cards.map((card) => (
            <Paper key={card.title} withBorder radius="sm" p="sm">
              <Text fw={600} size="sm" mb={4}>
                {card.title}
              </Text>
              {card.lines.map((line) => (
                <Text key={line} size="sm" c="dimmed" lineClamp={2}>
                  {line}
                </Text>
              ))}
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

/** The 'Sinergias' button's request: the stored procedures and the proposal's client. */
export function useProposalSynergies(proposal: Proposal) {
  const generate = useGenerateSynergiesMutation();
  const ask = () =>
    generate.mutate({
      procedures: proposal.items.map((item) => ({ id: item.service_id, name: item.name })),
      client_id: proposal.client.id,
    });
  return { generate, ask };
}

/** The list the 'Sinergias' button asked for: pairs the server found safe for this client. */
export function SynergiesPanel({
  generate,
}: {
  generate: ReturnType<typeof useGenerateSynergiesMutation>;
}) {
  if (generate.isIdle) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sinergias">
      <Title order={2} size="h4" id="sinergias" mb="sm">
        Sinergias
      </Title>
      {generate.isPending ? <Loader size="sm" aria-label="Buscando sinergias" /> : null}
      {generate.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(generate.error, { fallback: 'Não foi possível sugerir sinergias.' })}
        </Alert>
      ) : null}
      {generate.data ? (
        generate.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {SYNERGY_MESSAGES.empty}
          </Text>
        ) : (
          <Stack gap="sm" aria-label="Sinergias sugeridas" role="list">
            {generate.data.items.map((pair) => {
              const gain = synergyGain(pair);
              return (
                <Paper
                  key={`${pair.procedure1}|${pair.procedure2}`}
                  withBorder
                  radius="sm"
                  p="sm"
                  role="listitem"
                >
                  <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
                    <Text fw={600} size="sm">
                      {pair.title || `${pair.procedure1} + ${pair.procedure2}`}
                    </Text>
                    {gain ? (
                      <Badge variant="light" color="teal">
                        Ganho esperado {gain}
                      </Badge>
                    ) : null}
                  </Group>
                  {pair.summary ? <Text size="sm">{pair.summary}</Text> : null}
                  {pair.mechanism ? (
                    <Text size="sm" c="dimmed">
                      {pair.mechanism}
                    </Text>
                  ) : null}
                </Paper>
              );
            })}
          </Stack>
        )
      ) : null}
    </Paper>
  );
}
