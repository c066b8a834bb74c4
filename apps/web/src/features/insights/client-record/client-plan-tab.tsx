import { Skeleton, Stack, Text } from '@mantine/core';
import { useContractListQuery, useContractQuery } from '../../../api/care/contracts';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ContractPlan } from '../../care/components/contract-plan';

/** The client's 'Plano' tab (issue 28): each of her contracts, newest first, with its actions. */
export function ClientPlanTab({ clientId }: { clientId: number }) {
  const contracts = useContractListQuery({ client_id: clientId });
  if (contracts.isPending)
    return <Skeleton h={200} role="status" aria-label="Carregando contratos" />;
  if (contracts.isError) {
    return (
      <LoadErrorAlert
        text="Não foi possível carregar os contratos."
        onRetry={() => contracts.refetch()}
      />
    );
  }
  if (contracts.data.items.length === 0) {
    return (
      <EmptyState
        title="Nenhum contrato."
        description="Quando a cliente aceitar uma proposta, o plano aparece aqui."
      />
    );
  }
  return (
    <Stack gap="lg">
      {contracts.data.items.map((row) => (
        <ContractCard key={row.id} id={row.id} />
      ))}
    </Stack>
  );
}

function ContractCard({ id }: { id: number }) {
  const contract = useContractQuery(id);
  if (contract.isPending)
    return <Skeleton h={200} role="status" aria-label="Carregando contrato" />;
  if (contract.isError) {
    return (
      <Text c="red" size="sm">
        Não foi possível carregar o contrato.
      </Text>
    );
  }
  return <ContractPlan contract={contract.data} linkToPage />;
}
