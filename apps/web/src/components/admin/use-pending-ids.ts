import { useMutationState, type MutationKey } from '@tanstack/react-query';

/**
 * The ids of the rows whose request (of the mutation named `mutationKey`) is running. Read from
 * the mutation cache, so two rows toggled one after the other both spin until their own answer:
 * a single `isPending`/`variables` pair only knows the last call.
 */
export function usePendingIds<TVariables>(
  mutationKey: MutationKey,
  idOf: (variables: TVariables) => number,
): ReadonlySet<number> {
  const pending = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as TVariables,
  });
  return new Set(pending.map(idOf));
}
