import { UNITS } from '@portal/domain';
import type { AppTx } from '../client.ts';
import { unitBillingSettings } from '../schema.ts';

/**
 * Demo Pix settings (issue 29): every unit gets a made-up random key (EVP) and the name and city
 * of its static BR Code, so after `npm start` a client's link shows a Pix QR with no provider
 * configured. The keys are not registered at any bank: paying them fails in the payer's app.
 */
export function demoUnitBilling() {
  return UNITS.map((unit, index) => ({
    unit,
    pixKey: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    pixMerchantName: `Clinica ${unit}`,
    pixMerchantCity: unit === 'JUNDIAÍ' ? 'Jundiai' : 'Sao Paulo',
    provider: 'pix_manual' as const,
  }));
}

export async function seedDemoUnitBilling(tx: AppTx): Promise<void> {
  await tx.insert(unitBillingSettings).values(demoUnitBilling()).onConflictDoNothing();
}
