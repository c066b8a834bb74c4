import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/use-page-title';
import { useSession } from '../../../lib/use-session';
import { BuilderEntryCard } from './builder-entry-card';

export default function HomePage() {
  usePageTitle('Início');
  const { user } = useSession();
  const name = user?.name.trim() ?? '';
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {name ? `Bem-vindo(a), ${name}` : 'Bem-vindo(a)'}
        </Title>
        <Text c="dimmed">Monte o pacote ideal para cada cliente.</Text>
      </Stack>
      <BuilderEntryCard />
    </Stack>
  );
}
