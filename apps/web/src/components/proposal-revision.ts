import type { Package, ProcedureSelection } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { packageForRevisionQuery, proposalQuery } from '../api/proposals';

/**
 * 'Nova versão' of a proposal opens the builder at /montar-pacote?revisar={id} (issue 13). The
 * builder reads that revision with this hook on its first render, apart from the save dialog
 * (save-proposal-dialog.tsx), whose code loads only when it can be opened.
 */

export const REVISION_PARAM = 'revisar';

/** The proposal the builder is revising (from ?revisar=), with its package and selection. */
export function useProposalRevision(onSeed: (pkg: Package, selection: ProcedureSelection) => void) {
  const [params] = useSearchParams();
  const revisingId = Number(params.get(REVISION_PARAM)) || null;
  const proposal = useQuery({ ...proposalQuery(revisingId ?? 0), enabled: revisingId !== null });
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
    onSeed(pkg.data, selection);
  }, [proposal.data, pkg.data, seeded, onSeed]);
  return proposal.data ?? null;
}
