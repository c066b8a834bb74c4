import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The way into the package builder (SPEC "Package builder": reached from /home). */
export function BuilderEntryCard() {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <ThemeIcon size={56} radius="md" variant="light" aria-hidden>
          <IconPackages size={30} />
        </ThemeIcon>
        <Stack gap="xs" style={{ flex: 1 }}>
          <Title order={2} size="h3">
            Montar pacote
          </Title>
          <Text c="dimmed">
            Escolha um pacote anual, selecione os procedimentos de cada bloco e gere o recibo para o
            cliente.
          </Text>
          <Group>
            <Button size="md" component={Link} to="/montar-pacote">
              Montar pacote
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
