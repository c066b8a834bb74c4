import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../components/use-page-title';
import { useSession } from '../lib/use-session';

export default function NotFoundPage() {
  usePageTitle('Página não encontrada');
  const { token } = useSession();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Text fz={64} fw={800} c="rose" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Página não encontrada
        </Title>
        <Text c="dimmed">O endereço que você abriu não existe ou foi movido.</Text>
        <Button component={Link} to={token ? '/home' : '/login'}>
          {token ? 'Ir para o início' : 'Ir para o login'}
        </Button>
      </Stack>
    </Center>
  );
}
