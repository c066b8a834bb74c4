import { CONTRACT_STATUS_LABELS, type Contract, type PublicPlan } from '@portal/domain';
import type { AfterSalePort } from '../../../app-context.ts';
import { contractsService } from './service.ts';

/** The client's view of her contract: her procedures and sessions, nothing else of her. */
function toPublicPlan(contract: Contract): PublicPlan {
  return {
    contract_id: contract.id,
    status: contract.status,
    status_label: CONTRACT_STATUS_LABELS[contract.status],
    valid_until: contract.valid_until,
    withdrawal_until: contract.withdrawal_until,
    can_withdraw: contract.can_withdraw,
    items: contract.entitlements.map((line) => ({
      name: line.name,
      sessions_total: line.sessions_total,
      sessions_used: line.sessions_used,
      sessions_remaining: line.sessions_remaining,
    })),
  };
}

/**
 * The care context's side of sales' after-sale port (apps/api/src/app-context.ts), wired in
 * app.ts: an acceptance becomes a contract in the same transaction, and the client's link reads
 * and withdraws her plan.
 */
export const contractsAfterSale: AfterSalePort = {
  async proposalAccepted(tx, event) {
    const contract = await contractsService.createFromAcceptance(tx, event, {
      at: event.at,
      channel: event.channel,
      actor: event.staff
        ? {
            kind: 'staff',
            viewer: {
              id: event.staff.id,
              name: event.staff.name,
              profile: event.staff.profile,
              unit: event.staff.unit,
            },
          }
        : { kind: 'client' },
    });
    return { contractId: contract.id, plan: toPublicPlan(contract) };
  },

  async clientPlan(db, proposalId, now) {
    const contract = await contractsService.forProposal(db, proposalId, now);
    return contract ? toPublicPlan(contract) : null;
  },

  async clientWithdraws(tx, proposalId, now) {
    return toPublicPlan(await contractsService.withdrawByClient(tx, proposalId, now));
  },

  // Care has no provider to call; billing's payments do (billing/payments/ports.ts).
  afterAcceptance: () => Promise.resolve(),
};
