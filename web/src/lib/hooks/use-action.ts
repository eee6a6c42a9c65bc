import { useState } from 'react';

/**
 * Runs a form's action with a busy flag: its result becomes the notice (role=status), a failure the
 * error (role=alert), each replacing the other.
 */
export function useAction(describe: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (action: () => Promise<string | null | void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice((await action()) || null);
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, notice, setError, run };
}
