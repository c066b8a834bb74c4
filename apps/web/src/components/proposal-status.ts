import type { ProposalStatus } from '@portal/domain';

export { PROPOSAL_STATUS_LABELS } from '@portal/domain';

/** Badge colour per proposal status (lists, timeline, the proposal's page). */
export const PROPOSAL_STATUS_COLORS: Record<ProposalStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'indigo',
  accepted: 'teal',
  declined: 'red',
  expired: 'orange',
  superseded: 'gray',
};
