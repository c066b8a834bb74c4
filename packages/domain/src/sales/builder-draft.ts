import {
  emptySelection,
  type BuilderStep,
  type ProcedureSelection,
} from '../catalogue/package-selection.ts';
import type { ReceiptClientPreferences } from './receipt-state-schema.ts';
import { RECEIPT_STORAGE_KEY } from './receipt-state.ts';
import { SERVICE_BLOCKS } from '../catalogue/service-constants.ts';
import { CLIENT_NAME_MAX_LENGTH } from '../crm/clients.ts';

/**
 * The sale in progress in the builder (issue 15): the package, the sessions and the client's
 * name survive Back/Forward, a reload and a trip to the receipt and back. It is kept in
 * sessionStorage, not in the URL: the client's name is personal data (LGPD.md) that must not
 * land in the browser history, a shared link or a server log, and a tab's storage is exactly as
 * long-lived as the sale at the counter. 'Sair' removes it (SALE_STORAGE_KEYS).
 */

export const BUILDER_DRAFT_STORAGE_KEY = 'portal:montar-pacote';
/** 'Modo cliente': the screen faces the client, internal figures are hidden (builder, receipt). */
export const CLIENT_MODE_STORAGE_KEY = 'portal:modo-cliente';
/** Everything of a sale the browser keeps; 'Sair' removes all of it. */
export const SALE_STORAGE_KEYS = [
  RECEIPT_STORAGE_KEY,
  BUILDER_DRAFT_STORAGE_KEY,
  CLIENT_MODE_STORAGE_KEY,
] as const;

export interface BuilderDraft {
  step: BuilderStep;
  /** The chosen package, resolved against the active packages when read back. */
  packageId: number | null;
  selection: ProcedureSelection;
  /** 'Nome da cliente', optional: blank when not asked or not given. */
  clientName: string;
  /**
   * The registered client the sale is for, when picked in the builder (optional): its allergies
   * and contraindications are held against the procedures as they are added (issue 13).
   */
  clientId: number | null;
  /** What the assistant learnt (goal, preferences) for the receipt. */
  clientPreferences: Omit<ReceiptClientPreferences, 'client_name'>;
}

export function emptyBuilderDraft(): BuilderDraft {
  return {
    step: 'packages',
    packageId: null,
    selection: emptySelection(),
    clientName: '',
    clientId: null,
    clientPreferences: {},
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * Reads a stored draft; stored state is untrusted (another app version may have written it), so
 * what does not fit is replaced by the empty draft's part. Without zod, which the builder does
 * not load.
 */
export function parseBuilderDraft(value: unknown): BuilderDraft {
  const draft = emptyBuilderDraft();
  if (!isRecord(value)) return draft;
  if (isId(value.packageId)) draft.packageId = value.packageId;
  if (value.step === 'services' && draft.packageId !== null) draft.step = 'services';
  if (isRecord(value.selection)) {
    const stored = value.selection;
    for (const block of SERVICE_BLOCKS) {
      const ids = stored[block];
      if (Array.isArray(ids)) draft.selection[block] = ids.filter(isId);
    }
  }
  if (typeof value.clientName === 'string') {
    draft.clientName = value.clientName.slice(0, CLIENT_NAME_MAX_LENGTH);
  }
  if (isId(value.clientId)) draft.clientId = value.clientId;
  if (isRecord(value.clientPreferences)) {
    const goal = optionalText(value.clientPreferences.goal);
    const preferences = optionalText(value.clientPreferences.preferences);
    draft.clientPreferences = {
      ...(goal !== undefined ? { goal } : {}),
      ...(preferences !== undefined ? { preferences } : {}),
    };
  }
  return draft;
}
