import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { centavosToReais, formatReais } from '@portal/domain';
import { useCommissionEstimateQuery } from '../../../api/billing/commissions';

/**
 * 'Sua comissão estimada: R$ 90,00' in the builder (issue 30): what the proposal would earn the
 * signed-in seller under the rules in force, from POST /commission-rules/estimate (the same
 * derivation as the real entries). Nothing while no rule pays the seller or the request fails:
 * the line is a hint, never a blocker. The builder hides it in 'modo cliente'.
 */
export default function SellerCommissionEstimate({ price, cost }: { price: number; cost: number }) {
  // One request once the selection settles, not one per click.
  const [totals] = useDebouncedValue({ price, cost }, 400);
  const query = useCommissionEstimateQuery(
    totals.price > 0
      ? { price: centavosToReais(totals.price), cost: centavosToReais(totals.cost) }
      : null,
  );
  if (!query.data || query.data.lines.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      Sua comissão estimada: <strong>{formatReais(query.data.amount)}</strong>
    </Text>
  );
}
