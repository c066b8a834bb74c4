import { useState } from 'react';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';

type Outcome<Output> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: Output }
  | { status: 'error'; error: unknown };

export interface Submission<Input, Output> {
  submit: (input: Input) => void;
  pending: boolean;
  /** The last attempt's answer, hidden while a new one runs. */
  succeeded: boolean;
  data: Output | undefined;
  failed: boolean;
  error: unknown;
}

/**
 * A form's one request, pending until it settles (and `run` may wait for the next page to be on
 * screen). The signed-out screens use it instead of TanStack Query's useMutation, which would put
 * the query client on their first screen (docs/decisions/0022-signed-out-shell.md). Not a React
 * action (useActionState): a pending action holds back every other transition, so a login
 * request that hangs would also hold the link to the register screen.
 */
export function useSubmission<Input, Output>(
  run: (input: Input) => Promise<Output>,
): Submission<Input, Output> {
  const [outcome, setOutcome] = useState<Outcome<Output>>({ status: 'idle' });
  // One request per intent: `pending` alone is not enough, two clicks in one frame both see it
  // false.
  const guard = useSubmitGuard();
  const submit = (input: Input) =>
    guard(() => {
      setOutcome({ status: 'pending' });
      return run(input).then(
        (data) => setOutcome({ status: 'success', data }),
        (error: unknown) => setOutcome({ status: 'error', error }),
      );
    });
  return {
    submit,
    pending: outcome.status === 'pending',
    succeeded: outcome.status === 'success',
    data: outcome.status === 'success' ? outcome.data : undefined,
    failed: outcome.status === 'error',
    error: outcome.status === 'error' ? outcome.error : null,
  };
}
