import { useCallback, useRef } from "react";

interface Solved {
  payload: string;
  expiresAt: number;
}

/** Fetches a challenge and solves it; the solver is loaded only when a form is first used. */
async function solveNewChallenge(): Promise<Solved> {
  const response = await fetch("/api/altcha", { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const challenge = await response.json();
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/web/sha")]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error("challenge not solved");
  const payload = btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
  return { payload, expiresAt: Number(challenge.parameters.expiresAt ?? 0) * 1000 };
}

/**
 * The invisible bot check of a public form. `start()` begins solving (call it when the visitor
 * first focuses the form, so the work runs while they type) and resolves to the payload to
 * post; `renew()` after each post, because a challenge is accepted once only.
 */
export function useProofOfWork() {
  const pending = useRef<Promise<Solved> | null>(null);

  const start = useCallback(async (): Promise<string> => {
    const current = pending.current ? await pending.current.catch(() => null) : null;
    if (current && current.expiresAt - 60_000 > Date.now()) return current.payload;
    const next = solveNewChallenge();
    pending.current = next;
    next.catch(() => {
      if (pending.current === next) pending.current = null;
    });
    return (await next).payload;
  }, []);

  const renew = useCallback(() => {
    pending.current = null;
    start().catch(() => undefined);
  }, [start]);

  return { start, renew };
}
