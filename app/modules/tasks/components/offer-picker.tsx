import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import type { ControlProps } from "~/components/forms/field.tsx";
import { inputClass } from "~/components/forms/field.tsx";
import { useValidateOnChange } from "~/components/forms/use-validate-on-change.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { OFFER_PICKER_URL, type OfferChoice } from "../offer-choice.ts";

const DEBOUNCE_MS = 250;

const subscribeNothing = () => () => {};
/** False while the page is only server-rendered HTML (and during hydration), true once React runs it. */
const useScripted = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

const choiceText = (offer: OfferChoice) => `#${formatNumberArabic(offer.id)} — ${offer.title}`;

/**
 * The new task's related offer: a search box (combobox) that asks the server for offers as the
 * manager types (debounced), with the results in a listbox (arrows move, Enter picks, Escape
 * closes). The chosen offer's number is posted under the field's name; a text typed and not
 * picked is posted as it is, so the form says the offer was not found rather than dropping it.
 * Without JavaScript the box itself is the field: the offer's number ("12" or "#12") typed.
 */
export function OfferPicker({ control, form }: { control: ControlProps; form: { validate: (options: { name: string }) => void } }) {
  const scripted = useScripted();
  const listId = useId();
  const [query, setQuery] = useState(control.defaultValue ?? "");
  const [chosen, setChosen] = useState<OfferChoice | null>(null);
  const [results, setResults] = useState<OfferChoice[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`${OFFER_PICKER_URL}?q=${encodeURIComponent(text.trim())}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          const body = (await response.json()) as { offers: OfferChoice[] };
          setResults(body.offers);
          setFailed(false);
          setActive(body.offers.length ? 0 : -1);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setFailed(error instanceof Error);
          setResults([]);
          setOpen(true);
        });
    }, DEBOUNCE_MS);
  };

  const choose = (offer: OfferChoice) => {
    clearTimeout(timer.current);
    setChosen(offer);
    setQuery(choiceText(offer));
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results?.length ?? 0;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        if (results) setOpen(true);
        else search(query);
        return;
      }
      if (count) setActive((index) => (event.key === "ArrowDown" ? (index + 1) % count : (index - 1 + count) % count));
    } else if (event.key === "Enter" && open && results && active >= 0 && results[active]) {
      event.preventDefault(); // picks the offer, does not send the form
      choose(results[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const posted = chosen ? String(chosen.id) : query.trim();
  // Once the field shows an error, a choice made (or the text changed) checks it again, as typing does in a plain field.
  useValidateOnChange(form, control.name, control["aria-invalid"] ? posted : null);

  if (!scripted) {
    return <input {...control} type="text" inputMode="numeric" dir="auto" autoComplete="off" placeholder="مثال: ١٢" className={inputClass} />;
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const shown = open && results != null;
  return (
    <div className="relative">
      <input type="hidden" name={control.name} value={posted} />
      <input
        id={control.id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-invalid={control["aria-invalid"]}
        aria-describedby={control["aria-describedby"]}
        autoComplete="off"
        placeholder="ابحث بعنوان العرض أو رقمه"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setChosen(null);
          search(event.target.value);
        }}
        onFocus={() => {
          if (!chosen && results == null) search(query);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={inputClass}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="العروض المطابقة"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-10 mt-1 max-h-72 overflow-y-auto rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200"
      >
        {results?.map((offer, index) => (
          <li
            key={offer.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Picked on mouse down, before the box loses focus and closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(offer);
            }}
            onMouseEnter={() => setActive(index)}
            className={`cursor-pointer px-3 py-2 ${index === active ? "bg-brand-50 text-brand-900" : ""}`}
          >
            <span className="font-bold">#{formatNumberArabic(offer.id)}</span> — <bdi>{offer.title}</bdi>
            {offer.city ? (
              <span className="block text-sm text-stone-600">
                <bdi>{[offer.location, offer.city].filter(Boolean).join("، ")}</bdi>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {shown ? (failed ? "تعذّر البحث عن العروض، حاول مرة أخرى" : results.length ? `${formatNumberArabic(results.length)} نتيجة` : "لا توجد عروض مطابقة") : ""}
      </p>
      {shown && results.length === 0 ? (
        <p className="absolute inset-x-0 top-full z-10 mt-1 rounded-xl bg-white p-3 text-stone-600 shadow-lg ring-1 ring-stone-200">
          {failed ? "تعذّر البحث عن العروض، حاول مرة أخرى" : "لا توجد عروض مطابقة"}
        </p>
      ) : null}
    </div>
  );
}
