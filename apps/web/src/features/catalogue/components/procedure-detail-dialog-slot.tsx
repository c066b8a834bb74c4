import { lazy, Suspense } from 'react';
import type { ProcedureDetailDialogProps } from './procedure-detail-dialog';

// The dialog (a modal, its focus trap, scroll area and photo carousel) is a third of the
// builder's first-paint JavaScript on a phone and opens only after a 2 s long press: its code
// is fetched once the screen can open it, not before the screen is drawn.
const ProcedureDetailDialog = lazy(async () => ({
  default: (await import('./procedure-detail-dialog')).ProcedureDetailDialog,
}));

export interface ProcedureDetailDialogSlotProps extends ProcedureDetailDialogProps {
  /** True once procedure cards are on screen: the dialog's code is fetched then. */
  preload: boolean;
}

/** The procedure detail dialog, loaded on demand (see ProcedureDetailDialog). */
export function ProcedureDetailDialogSlot({ preload, ...props }: ProcedureDetailDialogSlotProps) {
  if (!preload && props.procedure === null) return null;
  return (
    <Suspense fallback={null}>
      <ProcedureDetailDialog {...props} />
    </Suspense>
  );
}
