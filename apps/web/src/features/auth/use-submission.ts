import { useRef, useState } from 'react';

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
  // One request per intent: a submit while one is in flight is ignored. `pending` alone is not
  // enough, two clicks in one frame both see it false (useSubmitGuard does the same for the
  // signed-in forms, components/form/use-schema-form.ts).
  const inFlight = useRef(false);
  const submit = (input: Input) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setOutcome({ status: 'pending' });
    run(input)
      .then(
        (data) => setOutcome({ status: 'success', data }),
        (error: unknown) => setOutcome({ status: 'error', error }),
      )
      .finally(() => {
        inFlight.current = false;
      });
  };
  return {
    submit,
    pending: outcome.status === 'pending',
    succeeded: outcome.status === 'success',
    data: outcome.status === 'success' ? outcome.data : undefined,
    failed: outcome.status === 'error',
    error: outcome.status === 'error' ? outcome.error : null,
  };
}
