import { Paper, Stack, Text, Title } from '@mantine/core';
import { UNITS, type Unit } from '@portal/domain';
import { useNavigate } from 'react-router';
import { useCreateClientMutation } from '../../../api/crm/clients';
import { ClientForm } from '../../../components/client-form';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';

const asUnit = (value: string | null | undefined): Unit | null =>
  (UNITS as readonly string[]).includes(value ?? '') ? (value as Unit) : null;

/** 'Novo cliente': the record, its consents and (with consent) the health data. */
export default function ClientNewPage() {
  usePageTitle('Novo cliente');
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateClientMutation();

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          Novo cliente
        </Title>
        <Text c="dimmed">Colete apenas o que o atendimento precisa (LGPD, art. 6).</Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <ClientForm
          defaultUnit={asUnit(user?.unit)}
          submitting={create.isPending}
          error={
            create.isError
              ? errorMessage(create.error, { fallback: 'Não foi possível salvar o cliente.' })
              : null
          }
          onCancel={() => void navigate('/clientes')}
          onSubmit={(value) =>
            create.mutate(value, {
              onSuccess: (client) => void navigate(`/clientes/${client.id}`, { replace: true }),
            })
          }
        />
      </Paper>
    </Stack>
  );
}
