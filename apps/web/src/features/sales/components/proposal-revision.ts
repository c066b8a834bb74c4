import type { Package, ProcedureSelection } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { packageForRevisionQuery, proposalQuery } from '../../../api/sales/proposals';

/**
 * 'Nova versão' of a proposal opens the builder at /montar-pacote?revisar={id} (issue 13); 'Nova
 * proposta' from a renewal at /montar-pacote?a_partir_de={id} (issue 14). The builder reads them
 * with these hooks on its first render, apart from the save dialog (save-proposal-dialog.tsx),
 * whose code loads only when it can be opened.
 */

export const REVISION_PARAM = 'revisar';

/** The proposal's client: the builder keeps her, so the clinical check holds (issue 26). */
export interface SeedClient {
  id: number;
  full_name: string;
}
/** Opens the builder with that proposal's package and selection; saving makes a NEW proposal. */
export const PREFILL_PARAM = 'a_partir_de';

/** The proposal named by `param` in the URL, its package and selection handed to `onSeed`. */
function useSeedProposal(
  param: string,
  onSeed: (pkg: Package, selection: ProcedureSelection, client: SeedClient) => void,
) {
  const [params] = useSearchParams();
  const seedId = Number(params.get(param)) || null;
  const proposal = useQuery({ ...proposalQuery(seedId ?? 0), enabled: seedId !== null });
  const pkg = useQuery({
    ...packageForRevisionQuery(proposal.data?.package.id ?? 0),
    enabled: proposal.data !== undefined,
  });
  const [seeded, setSeeded] = useState<number | null>(null);
  useEffect(() => {
    if (!proposal.data || !pkg.data || seeded === proposal.data.id) return;
    const selection: ProcedureSelection = { A: [], B: [], C: [], D: [] };
    for (const item of proposal.data.items) {
      for (let session = 0; session < item.sessions; session += 1) {
        selection[item.block].push(item.service_id);
      }
    }
    setSeeded(proposal.data.id);
    onSeed(pkg.data, selection, proposal.data.client);
  }, [proposal.data, pkg.data, seeded, onSeed]);
  return seedId !== null ? (proposal.data ?? null) : null;
}

/** The proposal the builder is revising (from ?revisar=), with its package and selection. */
export function useProposalRevision(
  onSeed: (pkg: Package, selection: ProcedureSelection, client: SeedClient) => void,
) {
  return useSeedProposal(REVISION_PARAM, onSeed);
}

/** The proposal a new one starts from (?a_partir_de=): same client, a new number. */
export function useProposalPrefill(
  onSeed: (pkg: Package, selection: ProcedureSelection, client: SeedClient) => void,
) {
  return useSeedProposal(PREFILL_PARAM, onSeed);
}
