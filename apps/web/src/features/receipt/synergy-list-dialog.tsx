import {
  Badge,
  Center,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { SYNERGY_MESSAGES, type SynergySuggestion } from '@portal/domain';

export interface SynergyListDialogProps {
  opened: boolean;
  onClose: () => void;
  items: readonly SynergySuggestion[];
  loading: boolean;
}

function Section({ title, lines }: { title: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** The synergy suggestions of the receipt's procedures (SPEC 'Receipt'). */
export function SynergyListDialog({ opened, onClose, items, loading }: SynergyListDialogProps) {
  let body;
  if (loading) {
    body = (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm" c="dimmed">
            Carregando sinergias...
          </Text>
        </Stack>
      </Center>
    );
  } else if (items.length === 0) {
    body = (
      <Text c="dimmed" py="md">
        {SYNERGY_MESSAGES.empty}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        {items.map((item) => (
          <Paper key={`${item.procedure1}|${item.procedure2}|${item.title}`} withBorder p="md">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Title order={3} size="h5">
                  {item.title}
                </Title>
                <Badge variant="light">Ganho esperado {item.expected_gain_percent_range}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {item.procedure1} + {item.procedure2}
              </Text>
              {item.summary ? <Text size="sm">{item.summary}</Text> : null}
              {item.mechanism ? (
                <Text size="sm">
                  <Text span fw={600}>
                    Mecanismo:{' '}
                  </Text>
                  {item.mechanism}
                </Text>
              ) : null}
              {item.synergy ? (
                <Text size="sm">
                  <Text span fw={600}>
                    Sinergia:{' '}
                  </Text>
                  {item.synergy}
                </Text>
              ) : null}
              <Section title="Diferenciais" lines={item.differentials} />
              <Section title="Contraindicações" lines={item.contraindications} />
              <Section title="Próximos passos" lines={item.next_steps} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Sinergias"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {body}
    </Modal>
  );
}
