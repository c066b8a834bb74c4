import { Alert, Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { useContractListQuery } from '../../../api/care/contracts';
import { useProposalQuery } from '../../../api/sales/proposals';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';

/**
 * /propostas/{id}/contrato: the contract an accepted proposal became. The proposal's page (sales)
 * cannot ask care for it (decision 0028), so it links here and this page finds the contract
 * among the client's and replaces itself with the contract's page.
 */
export default function ProposalContractPage() {
  usePageTitle('Contrato');
  const proposalId = Number(useParams().id);
  const proposal = useProposalQuery(proposalId);
  const clientId = proposal.data?.client.id;
  const contracts = useContractListQuery({ client_id: clientId }, clientId !== undefined);
  const found = contracts.data?.items.find((row) => row.proposal_id === proposalId);

  if (found) return <Navigate to={`/contratos/${found.id}`} replace />;
  const error = proposal.error ?? contracts.error;
  if (error || (contracts.data && !found)) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Contrato
        </Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {error
            ? errorMessage(error, { fallback: 'Não foi possível carregar o contrato.' })
            : 'Esta proposta ainda não tem contrato.'}
        </Alert>
        <Anchor component={Link} to={`/propostas/${proposalId}`} size="sm">
          Voltar para a proposta
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack aria-busy="true" aria-label="Carregando contrato">
      <Skeleton h={40} w="50%" />
      <Skeleton h={240} />
    </Stack>
  );
}
