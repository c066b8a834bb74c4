import { lazy, Suspense } from 'react';
import { useAfterFirstScreen } from '../../../lib/use-after-first-screen';
import type { SaveProposalDialogProps } from './save-proposal-dialog';

// The save dialog (a modal, the client picker and the new-client form with its zod-checked
// fields) opens only after a package is chosen and procedures picked. Loaded with the builder it
// was a fifth of the builder's first-screen JavaScript (docs/decisions/0011-first-screen-javascript.md):
// its code is fetched once the builder is drawn on its procedures step, or when the dialog opens.
const SaveProposalDialog = lazy(async () => ({
  default: (await import('./save-proposal-dialog')).SaveProposalDialog,
}));

export interface SaveProposalDialogSlotProps extends SaveProposalDialogProps {
  /** True once the dialog can soon be opened: its code is fetched then. */
  preload: boolean;
}

/** The save-proposal dialog, loaded on demand (see SaveProposalDialog). */
export function SaveProposalDialogSlot({ preload, ...props }: SaveProposalDialogSlotProps) {
  const afterFirstScreen = useAfterFirstScreen();
  if (!(preload && afterFirstScreen) && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <SaveProposalDialog {...props} />
    </Suspense>
  );
}
