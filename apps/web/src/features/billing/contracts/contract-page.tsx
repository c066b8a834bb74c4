import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useContractQuery } from '../../../api/care/contracts';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { ContractFacts, ContractPlan } from '../../care/components/contract-plan';
import { ContractPaymentsSection } from '../components/contract-payments';

/**
 * /contratos/{id}: one contract, with the same plan, history and actions as the client's tab, and
 * its payments (issue 29). Billing composes the page: care's parts sit to its left on the context
 * map (docs/decisions/0028-context-map.md), so the page lives here, not in care.
 */
export default function ContractPage() {
  const id = Number(useParams().id);
  const contract = useContractQuery(id);
  usePageTitle(contract.data ? `Contrato ${contract.data.number}` : 'Contrato');

  if (contract.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Carregando contrato">
        <Skeleton h={40} w="50%" />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (contract.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Contrato
        </Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(contract.error, {
            byStatus: { 404: 'Contrato não encontrado.' },
            fallback: 'Não foi possível carregar o contrato.',
          })}
        </Alert>
      </Stack>
    );
  }
  const data = contract.data;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={`/clientes/${data.client.id}?aba=plano`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden /> {data.client.full_name}
          </Group>
        </Anchor>
        <Anchor component={Link} to={`/propostas/${data.proposal_id}`} size="sm">
          Proposta {data.number}
        </Anchor>
      </Group>
      <div>
        <Title order={1} size="h2">
          Contrato {data.number}
        </Title>
        <Text c="dimmed">{data.client.full_name}</Text>
      </div>
      <ContractFacts contract={data} />
      <ContractPlan contract={data} />
      <ContractPaymentsSection contract={data} />
    </Stack>
  );
}
