import { withdrawalRefund } from '@portal/domain';
import type { AfterSalePort, ContractPaymentsPort } from '../../../app-context.ts';
import { paymentsService } from './service.ts';

/** Billing's side of care's port (apps/api/src/app-context.ts), wired in app.ts. */
export const billingContractPayments: ContractPaymentsPort = {
  paid: (db, contractId) => paymentsService.paidCentavos(db, contractId),
  contractEnded: (tx, contractId, reason, refundDue) =>
    paymentsService.contractEnded(tx, contractId, reason, refundDue),
};

/**
 * The after-sale with payments (issue 29): care's port (a contract at acceptance, the client's
 * plan, her withdrawal) with billing's part added in the same transactions: the default payment
 * plan at acceptance, her instalments and next Pix on the link, the refund of a withdrawal.
 */
export function withPayments(care: AfterSalePort): AfterSalePort {
  return {
    async proposalAccepted(tx, event) {
      const accepted = await care.proposalAccepted(tx, event);
      await paymentsService.createForAcceptance(tx, accepted.contractId, event);
      const payments = await paymentsService.publicPayments(tx, accepted.contractId, event.at);
      return payments ? { ...accepted, plan: { ...accepted.plan, payments } } : accepted;
    },

    async clientPlan(db, proposalId, now) {
      const plan = await care.clientPlan(db, proposalId, now);
      if (!plan) return null;
      const payments = await paymentsService.publicPayments(db, plan.contract_id, now);
      return payments ? { ...plan, payments } : plan;
    },

    async clientWithdraws(tx, proposalId, now) {
      const plan = await care.clientWithdraws(tx, proposalId, now);
      const paid = await paymentsService.paidCentavos(tx, plan.contract_id);
      await paymentsService.contractEnded(
        tx,
        plan.contract_id,
        'desistencia',
        withdrawalRefund(paid),
      );
      const payments = await paymentsService.publicPayments(tx, plan.contract_id, now);
      return payments ? { ...plan, payments } : plan;
    },

    async afterAcceptance(db, contractId, now) {
      await care.afterAcceptance(db, contractId, now);
      await paymentsService.chargesAfterPlan(db, contractId, now);
    },
  };
}
