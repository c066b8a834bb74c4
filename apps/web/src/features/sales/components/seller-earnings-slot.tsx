import { createContext, Suspense, useContext, type ComponentType } from 'react';

/** The builder's totals a seller's earnings are estimated from, in centavos. */
export interface SellerEarningsProps {
  /** The package price P. */
  price: number;
  /** Σ cost of the selected sessions (DESIGN 6's `custo`). */
  cost: number;
}

/**
 * Where the builder shows what the proposal would earn its seller ('Sua comissão estimada').
 * Commissions are billing's, to the right of sales on the context map, so the builder cannot
 * import them: the app composes the component in (app/app.tsx), and without it nothing shows.
 */
export const SellerEarningsContext = createContext<ComponentType<SellerEarningsProps> | null>(null);

export function SellerEarningsSlot(props: SellerEarningsProps) {
  const Earnings = useContext(SellerEarningsContext);
  if (!Earnings) return null;
  return (
    <Suspense fallback={null}>
      <Earnings {...props} />
    </Suspense>
  );
}
