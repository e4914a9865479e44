import { lazy, startTransition, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MailIcon } from "~/components/ui/icons.tsx";

/** The working form (form state, bot check, schema) is a chunk of its own, loaded when the block is opened. */
const AlertForm = lazy(() => import("./alert-form.tsx").then((module) => ({ default: module.AlertForm })));

const inputClass =
  "min-w-0 flex-1 basis-56 rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-end text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none";

/**
 * «نبهني بالعروض الجديدة» under the filters of /offers: a closed <details> with a plain form
 * (server-rendered, posting to /alerts with the search's filters: without JavaScript the server
 * answers it, decision 005). Opening it loads the real form (alert-form.tsx) in a transition: the
 * plain form stays usable until the chunk is in, and the real one then takes over what was typed
 * in it, the focus, and a send (the plain form is never posted once JavaScript runs). The page's first load pays for this small shell only (decision 004).
 */
export function AlertSubscribe({ search, labels }: { search: string; labels: string[] }) {
  const [opened, setOpened] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const plainInput = useRef<HTMLInputElement>(null);
  const plainFocused = useRef(false);
  const plainSent = useRef(false);
  const id = useId();
  const open = () => startTransition(() => setOpened(true));
  // Opened before the page's script ran: load it now.
  useEffect(() => {
    if (details.current?.open) startTransition(() => setOpened(true));
  }, []);
  const takeOver = () => ({ value: plainInput.current?.value ?? "", focused: plainFocused.current, send: plainSent.current });
  // Sent while the real form's code is still coming (decision 025): the plain form's post would be
  // refused for want of the bot check, so the real form takes it over and sends it, once.
  const sendWhenReady = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    plainSent.current = true;
    open();
  };
  const plain = (
    // No honeypot here: without a script a post is refused anyway (no proof of work); the real form has one.
    <form method="post" action={`/alerts${search}`} onSubmit={sendWhenReady} className="grid gap-1">
      <label htmlFor={id} className="block text-sm font-bold text-stone-700">
        بريدك الإلكتروني
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          // Kept after it is removed (React would clear an object ref first): the real form reads what was typed from it.
          ref={(element) => {
            if (element) plainInput.current = element;
          }}
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          maxLength={200}
          onFocus={() => (plainFocused.current = true)}
          onBlur={() => (plainFocused.current = false)}
          className={inputClass}
        />
        <button type="submit" className="rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white shadow hover:bg-brand-800">
          فعّل التنبيه
        </button>
      </div>
    </form>
  );
  return (
    <details
      ref={details}
      className="group mt-4 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
      onToggle={(event) => event.currentTarget.open && open()}
      data-testid="alert-subscribe"
    >
      <summary className="flex cursor-pointer items-center gap-2 rounded-2xl px-4 py-3 font-bold text-brand-800 hover:bg-stone-50">
        <MailIcon className="size-5 shrink-0" />
        نبهني بالعروض الجديدة
      </summary>
      <div className="grid gap-3 border-t border-stone-200 px-4 pt-3 pb-4">
        <p className="leading-7 text-stone-700">
          نرسل إلى بريدك العروض الجديدة التي تطابق هذا البحث (<strong className="text-ink">{labels.length ? labels.join("، ") : "كل العروض"}</strong>)، في رسالة واحدة في اليوم على
          الأكثر، بعد أن تؤكد بريدك من الرابط الذي نرسله إليك.
        </p>
        {/* Opened in a transition: the plain form stays until the real one has loaded (no fallback shows). */}
        <Suspense fallback={plain}>{opened ? <AlertForm search={search} takeOver={takeOver} /> : plain}</Suspense>
      </div>
    </details>
  );
}
