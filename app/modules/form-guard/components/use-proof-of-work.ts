import type { Challenge } from "altcha-lib";
import { useCallback, useRef, useState, type FormEvent } from "react";

interface Solved {
  payload: string;
  expiresAt: number;
}

/** Fetches a challenge and solves it; the solver is loaded only when a form is first used. */
async function solveNewChallenge(): Promise<Solved> {
  const response = await fetch("/api/altcha", { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/web/sha")]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error("challenge not solved");
  const payload = btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
  return { payload, expiresAt: Number(challenge.parameters.expiresAt ?? 0) * 1000 };
}

/**
 * The invisible bot check of a public form. `start()` begins solving (call it when the visitor
 * first focuses the form, so the work runs while they type; `begin()` does so without waiting)
 * and resolves to the payload to post; `attach(data)` puts it in the post, awaiting it if it is
 * not ready yet; `renew()` after each post, because a challenge is accepted once only.
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

  const begin = useCallback(() => void start().catch(() => undefined), [start]);

  const attach = useCallback(
    async (data: FormData) => {
      try {
        data.set("altcha", await start());
      } catch {
        // No payload: the server answers with the bot-check message and keeps what was typed.
      }
    },
    [start],
  );

  const renew = useCallback(() => {
    pending.current = null;
    begin();
  }, [begin]);

  return { start, begin, attach, renew };
}

/**
 * The props of a public form's element: the schema (`form.onFocus`) and the bot check start when
 * the visitor first focuses it, a field that shows an error is checked again as they type, and
 * `submit` sends it.
 */
export function protectedFormProps(
  form: { id: string; onFocus: () => void; onInput: (event: FormEvent<HTMLFormElement>) => void },
  proofOfWork: { begin: () => void },
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return {
    id: form.id,
    method: "post",
    noValidate: true,
    onFocus: () => {
      form.onFocus();
      proofOfWork.begin();
    },
    onInput: form.onInput,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  } as const;
}

/**
 * A public form posted by a fetcher with the bot check: on submit the form's own check runs first
 * (a wrong field stops it), then the proof of work (solved while the visitor typed, awaited here if
 * not ready), then the post; one at a time (`busy` while solving or sending), and the challenge is
 * renewed after each post because it counts once. Returns the form element's props and `busy`.
 */
export function useProtectedFetcherForm(
  form: { id: string; onFocus: () => void; onInput: (event: FormEvent<HTMLFormElement>) => void; check: (element: HTMLFormElement) => Promise<boolean> },
  fetcher: { state: string; submit: (data: FormData, options: { method: "post"; action?: string }) => Promise<void> },
  action?: string,
) {
  const proofOfWork = useProofOfWork();
  const [solving, setSolving] = useState(false);
  const busy = solving || fetcher.state !== "idle";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    const formData = new FormData(element);
    setSolving(true);
    try {
      if (!(await form.check(element))) return;
      await proofOfWork.attach(formData);
    } finally {
      setSolving(false);
    }
    await fetcher.submit(formData, action ? { method: "post", action } : { method: "post" });
    proofOfWork.renew();
  }

  return { busy, formProps: protectedFormProps(form, proofOfWork, submit) };
}
