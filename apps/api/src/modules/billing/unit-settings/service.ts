import { X509Certificate, createPrivateKey } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  formatDateBR,
  MTLS_ANSWERS,
  UNITS,
  type AccountType,
  type PaymentMethod,
  type UnitBillingSettings,
  type UnitBillingSettingsPatch,
} from '@portal/domain';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { unitBillingSettings } from '../../../db/schema.ts';
import { invalidField, notFound } from '../../../http/errors.ts';
import { seal, unseal } from './sealed.ts';

export type UnitBillingRow = typeof unitBillingSettings.$inferSelect;

/** What the payments need of a unit: the BR Code's fields and, with API Pix, its access. */
export interface UnitPix {
  unit: string;
  provider: PaymentMethod;
  pixKey: string | null;
  merchantName: string | null;
  merchantCity: string | null;
  api: {
    baseUrl: string;
    tokenUrl: string;
    clientId: string;
    clientSecret: string;
    mtls: { certificate: string; privateKey: string } | null;
  } | null;
  /** Where a Pix Automático charge's money goes; null until all three are set. */
  account: { branch: string | null; number: string; type: AccountType } | null;
}

function answer(unit: string, row: UnitBillingRow | undefined): UnitBillingSettings {
  return {
    unit,
    pix_key: row?.pixKey ?? null,
    pix_merchant_name: row?.pixMerchantName ?? null,
    pix_merchant_city: row?.pixMerchantCity ?? null,
    provider: row?.provider ?? 'pix_manual',
    api_base_url: row?.apiBaseUrl ?? null,
    api_token_url: row?.apiTokenUrl ?? null,
    api_client_id: row?.apiClientId ?? null,
    api_client_secret_set: Boolean(row?.apiClientSecretSealed),
    webhook_secret_set: Boolean(row?.webhookSecretSealed),
    account_branch: row?.accountBranch ?? null,
    account_number: row?.accountNumber ?? null,
    account_type: row?.accountType ?? null,
    api_certificate_set: Boolean(row?.apiCertificate && row.apiPrivateKeySealed),
  };
}

/**
 * The mTLS pair as sent (docs/decisions/0045-api-pix-mtls.md): both or neither; a certificate
 * node:crypto reads, not expired, and a private key (PEM, unencrypted) that is its own.
 */
function checkedPair(
  patch: UnitBillingSettingsPatch,
  now: Date,
): { certificate: string; privateKey: string } | null | undefined {
  const { api_certificate: certificate, api_private_key: privateKey } = patch;
  if (certificate === undefined && privateKey === undefined) return undefined;
  if (certificate === null && privateKey === null) return null;
  if (!certificate || !privateKey) {
    const missing = certificate ? 'api_private_key' : 'api_certificate';
    throw invalidField(['body', missing], MTLS_ANSWERS.pairRequired);
  }
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certificate);
  } catch {
    throw invalidField(['body', 'api_certificate'], MTLS_ANSWERS.certificateInvalid);
  }
  let key;
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw invalidField(['body', 'api_private_key'], MTLS_ANSWERS.privateKeyInvalid);
  }
  if (!x509.checkPrivateKey(key)) {
    throw invalidField(['body', 'api_private_key'], MTLS_ANSWERS.keyMismatch);
  }
  const validTo = new Date(x509.validTo);
  if (validTo.getTime() < now.getTime()) {
    throw invalidField(
      ['body', 'api_certificate'],
      MTLS_ANSWERS.certificateExpired(formatDateBR(validTo)),
    );
  }
  return { certificate, privateKey };
}

function knownUnit(code: string): string {
  if (!(UNITS as readonly string[]).includes(code)) throw notFound('Unidade não encontrada.');
  return code;
}

async function rowOf(db: DbOrTx, unit: string): Promise<UnitBillingRow | undefined> {
  const [row] = await db
    .select()
    .from(unitBillingSettings)
    .where(eq(unitBillingSettings.unit, unit))
    .limit(1);
  return row;
}

/**
 * A unit's Pix settings (issue 29): kept in billing's own table so the units resource of the
 * people context stays unaware of payments; PATCH /units/{code}/billing is admins only.
 */
export const unitBillingService = {
  async get(db: DbOrTx, code: string): Promise<UnitBillingSettings> {
    const unit = knownUnit(code);
    return answer(unit, await rowOf(db, unit));
  },

  async update(
    db: AppDb,
    code: string,
    patch: UnitBillingSettingsPatch,
  ): Promise<UnitBillingSettings> {
    const unit = knownUnit(code);
    const pair = checkedPair(patch, new Date());
    return db.transaction(async (tx) => {
      const sealedOrNull = async (value: string | null | undefined) =>
        value === undefined ? undefined : value === null ? null : seal(tx, value);
      const changes = {
        pixKey: patch.pix_key,
        pixMerchantName: patch.pix_merchant_name,
        pixMerchantCity: patch.pix_merchant_city,
        provider: patch.provider,
        apiBaseUrl: patch.api_base_url,
        apiTokenUrl: patch.api_token_url,
        apiClientId: patch.api_client_id,
        apiClientSecretSealed: await sealedOrNull(patch.api_client_secret),
        webhookSecretSealed: await sealedOrNull(patch.webhook_secret),
        accountBranch: patch.account_branch,
        accountNumber: patch.account_number,
        accountType: patch.account_type,
        apiCertificate: pair === undefined ? undefined : (pair?.certificate ?? null),
        apiPrivateKeySealed: await sealedOrNull(
          pair === undefined ? undefined : (pair?.privateKey ?? null),
        ),
      };
      const defined = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      await tx
        .insert(unitBillingSettings)
        .values({ unit, ...defined })
        .onConflictDoUpdate({
          target: unitBillingSettings.unit,
          set: { ...defined, updatedAt: new Date() },
        });
      return answer(unit, await rowOf(tx, unit));
    });
  },

  /** The unit's Pix as the payments use it (credentials unsealed, never answered). */
  async pixOf(db: DbOrTx, unit: string): Promise<UnitPix> {
    const row = await rowOf(db, unit);
    const api =
      row?.apiBaseUrl && row.apiTokenUrl && row.apiClientId && row.apiClientSecretSealed
        ? {
            baseUrl: row.apiBaseUrl,
            tokenUrl: row.apiTokenUrl,
            clientId: row.apiClientId,
            clientSecret: await unseal(db, row.apiClientSecretSealed),
            mtls:
              row.apiCertificate && row.apiPrivateKeySealed
                ? {
                    certificate: row.apiCertificate,
                    privateKey: await unseal(db, row.apiPrivateKeySealed),
                  }
                : null,
          }
        : null;
    return {
      unit,
      provider: row?.provider ?? 'pix_manual',
      pixKey: row?.pixKey ?? null,
      merchantName: row?.pixMerchantName ?? null,
      merchantCity: row?.pixMerchantCity ?? null,
      api,
      account:
        row?.accountNumber && row.accountType
          ? { branch: row.accountBranch, number: row.accountNumber, type: row.accountType }
          : null,
    };
  },

  /** Units on the API Pix with its access set (the daily reconciliation reads these). */
  async apiPixUnits(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .select({ unit: unitBillingSettings.unit })
      .from(unitBillingSettings)
      .where(
        and(
          eq(unitBillingSettings.provider, 'api_pix'),
          isNotNull(unitBillingSettings.apiBaseUrl),
          isNotNull(unitBillingSettings.apiTokenUrl),
          isNotNull(unitBillingSettings.apiClientId),
          isNotNull(unitBillingSettings.apiClientSecretSealed),
        ),
      )
      .orderBy(unitBillingSettings.unit);
    return rows.map((row) => row.unit);
  },

  /** The unit's webhook secret, or null when none is set (its webhooks are then refused). */
  async webhookSecretOf(db: DbOrTx, unit: string): Promise<string | null> {
    const row = await rowOf(db, unit);
    return row?.webhookSecretSealed ? unseal(db, row.webhookSecretSealed) : null;
  },
};
