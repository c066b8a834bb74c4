import type {
  BlockLimits,
  Package,
  ProcedureSelection,
  ReceiptClientPreferences,
  Service,
} from '@portal/domain';
import { lazy, Suspense } from 'react';

// The assistant (its dictation, AI parsing and the schemas they use) is code the builder's first
// paint does not need: it is fetched once a package is chosen, before 'Personalizar' can be used.
const AssistantDialog = lazy(async () => ({
  default: (await import('./assistant/assistant-dialog')).AssistantDialog,
}));

export interface AssistantDialogSlotProps {
  opened: boolean;
  /** Closing resets the assistant (SPEC section 4). */
  onClose: () => void;
  /** The chosen package; 'Personalizar' is enabled only with one. */
  pkg: Package | null;
  /** Active services the package allows (every block). */
  services: Service[];
  limits: BlockLimits;
  /** The registered client chosen in the builder: the assistant leaves out what conflicts. */
  clientId: number | null;
  /** 'Modo cliente': the assistant shows no internal figure either. */
  clientMode: boolean;
  /**
   * 'Aplicar Recomendações': replaces the selection (see selectionFromRecommendations, which
   * truncates to the block limits), keeps what the client said for the receipt and PDFs, and
   * moves the builder to the procedures step.
   */
  onApply: (selection: ProcedureSelection, clientPreferences: ReceiptClientPreferences) => void;
}

/**
 * The AI package assistant (SPEC 'AI package assistant'), composed in from features/assistant.
 * The builder page renders it and opens it from 'Personalizar'.
 */
export function AssistantDialogSlot(props: AssistantDialogSlotProps) {
  if (!props.opened && props.pkg === null) return null;
  return (
    <Suspense fallback={null}>
      <AssistantDialog {...props} />
    </Suspense>
  );
}
