import { reaisToCentavos, type Centavos } from '../shared/money.ts';
import type { Package } from '../catalogue/packages.ts';
import {
  computePackageTotals,
  toReaisTotals,
  type PackageTotals,
} from '../catalogue/package-totals.ts';
import {
  selectedServicesByBlock,
  type ProcedureSelection,
} from '../catalogue/package-selection.ts';
import type { ClientCarePdfPayload, ProposalPdfPayload } from './pdf-payloads.ts';
import type {
  ReceiptBlocks,
  ReceiptClientPreferences,
  ReceiptState,
} from './receipt-state-schema.ts';
import { SERVICE_BLOCKS } from '../catalogue/service-constants.ts';
import type { Service } from '../catalogue/services.ts';
import type { SynergySuggestion } from './synergy-suggestions.ts';

/**
 * What the builder hands to the receipt (/recibo): passed as router state and kept in
 * sessionStorage under RECEIPT_STORAGE_KEY so a reload keeps it. Stored state is untrusted (an
 * older app version may have written it), so the receipt parses it with `receiptStateSchema` (receipt-state-schema.ts).
 */

export const RECEIPT_STORAGE_KEY = 'portal:recibo';

/** The receipt's texts (SPEC section 2 'Receipt'). */
export const RECEIPT_MESSAGES = {
  noPackage: 'Nenhum pacote encontrado',
  noBenefits: 'Sem benefícios cadastrados nos procedimentos',
} as const;

/** SPEC section 9: the benefits panel shows the first 3 procedures, up to 2 lines each. */
export const RECEIPT_BENEFIT_PROCEDURES = 3;
export const RECEIPT_BENEFIT_LINES = 2;

/** Every session of the receipt, block A first. */
export function receiptSessions(blocks: ReceiptBlocks): Service[] {
  return SERVICE_BLOCKS.flatMap((block) => blocks[block]);
}

export function buildReceiptState(
  pkg: Package,
  selection: ProcedureSelection,
  catalogue: readonly Service[],
  clientPreferences: ReceiptClientPreferences = {},
): ReceiptState {
  const blocks = selectedServicesByBlock(selection, catalogue);
  const totals = computePackageTotals(reaisToCentavos(pkg.annual_value), receiptSessions(blocks));
  return { package: pkg, blocks, totals: toReaisTotals(totals), clientPreferences };
}

/** The receipt's figures, recomputed from the sessions and the package price. */
export function receiptTotals(state: Pick<ReceiptState, 'package' | 'blocks'>): PackageTotals {
  return computePackageTotals(
    reaisToCentavos(state.package.annual_value),
    receiptSessions(state.blocks),
  );
}

/** One line of the 'Resumo do Pacote' table: a procedure and its sessions. */
export interface ReceiptRow {
  service: Service;
  sessions: number;
  unit: Centavos;
  total: Centavos;
}

/** Sessions folded per procedure, in the order each first appears (block A first). */
export function receiptRows(blocks: ReceiptBlocks): ReceiptRow[] {
  const rows = new Map<number, ReceiptRow>();
  for (const service of receiptSessions(blocks)) {
    const row = rows.get(service.id);
    if (row) {
      row.sessions += 1;
      row.total += row.unit;
    } else {
      const unit = reaisToCentavos(service.value);
      rows.set(service.id, { service, sessions: 1, unit, total: unit });
    }
  }
  return [...rows.values()];
}

/** benefit1..3 of a service, blanks dropped. */
export function serviceBenefitLines(service: Pick<Service, 'benefits'>): string[] {
  const { benefit1, benefit2, benefit3 } = service.benefits;
  return [benefit1, benefit2, benefit3].flatMap((text) => {
    const trimmed = text?.trim() ?? '';
    return trimmed === '' ? [] : [trimmed];
  });
}

export interface BenefitCard {
  title: string;
  lines: string[];
}

/** The 'Benefícios' panel: the first 3 procedures, up to 2 benefit lines each; none if blank. */
export function receiptBenefitCards(rows: readonly ReceiptRow[]): BenefitCard[] {
  return rows.slice(0, RECEIPT_BENEFIT_PROCEDURES).flatMap(({ service }) => {
    const lines = serviceBenefitLines(service).slice(0, RECEIPT_BENEFIT_LINES);
    return lines.length > 0 ? [{ title: service.name, lines }] : [];
  });
}

/** The proposal PDF request (SPEC section 3); the server recomputes every figure. */
export function buildProposalPayload(
  state: ReceiptState,
  synergies: readonly SynergySuggestion[] = [],
): ProposalPdfPayload {
  const rows = receiptRows(state.blocks);
  const totals = toReaisTotals(receiptTotals(state));
  const clientName = state.clientPreferences.client_name?.trim();
  return {
    ...(clientName ? { client_name: clientName } : {}),
    pkg: {
      id: state.package.id,
      name: state.package.name,
      annual_value: state.package.annual_value,
    },
    rows: rows.map((row) => ({
      id: row.service.id,
      name: row.service.name,
      unit: row.unit / 100,
      qty: row.sessions,
      total: row.total / 100,
      benefits: serviceBenefitLines(row.service),
    })),
    benefit_cards: receiptBenefitCards(rows),
    synergy_items: synergies.map((item) => ({ title: item.title, description: item.summary })),
    totals: { ...totals },
    valor_avulso: totals.servicesTotalValue,
    valor_pacote: totals.annual,
  };
}

/** Free text typed as several lines or separated by ';' becomes a list. */
function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\n;]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The client-care PDF request, from what the receipt knows about the client. */
export function buildClientCarePayload(state: ReceiptState): ClientCarePdfPayload {
  const { client_name, goal, preferences } = state.clientPreferences;
  const trimmedGoal = goal?.trim() ?? '';
  return {
    // No name typed: none is sent, and the guide leaves it out (never a placeholder).
    client: {
      ...(client_name?.trim() ? { full_name: client_name.trim() } : {}),
      preferences: splitList(preferences),
    },
    personalization: trimmedGoal ? [`Objetivo: ${trimmedGoal}`] : [],
    procedures: receiptRows(state.blocks).map(({ service }) => ({
      id: service.id,
      name: service.name,
    })),
  };
}
