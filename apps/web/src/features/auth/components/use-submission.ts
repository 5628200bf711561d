import { useState } from "react";

interface Outcome<R> {
  onSuccess: (result: R) => void;
  onError: (error: unknown) => void;
}

/** A form's request: whether it is on its way (the button says so), and how the last one failed. */
export function useSubmission<T, R>(send: (values: T) => Promise<R>) {
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });
  const submit = (values: T, outcome: Outcome<R>) => {
    setState({ pending: true, error: null });
    send(values).then(
      (result) => {
        setState({ pending: false, error: null });
        outcome.onSuccess(result);
      },
      (error: unknown) => {
        setState({ pending: false, error });
        outcome.onError(error);
      },
    );
  };
  return { ...state, submit };
}
