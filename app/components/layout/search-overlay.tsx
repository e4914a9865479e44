import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ChevronEndIcon, CloseIcon, PinIcon, SearchIcon } from "~/components/ui/icons.tsx";
import { Thumbnail } from "~/components/ui/thumbnail.tsx";
import { formatCountArabic } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { useOverlay } from "~/utils/use-overlay.ts";
import { SEARCH_QUERY_MAX, SEARCH_URL, type SearchResult } from "./search-result.ts";

const DEBOUNCE_MS = 200;
const LIST_ID = "site-search-results";
const optionId = (index: number) => `site-search-result-${index}`;
const FAILED = "تعذّر البحث، حاول مرة أخرى.";

/** What the last answered request found, and for which text. */
type Found = { query: string; results: SearchResult[] | null };

/**
 * The header search: a modal <dialog> (the top layer, so its backdrop covers the whole window
 * whatever the sticky header does), a combobox whose results arrive as the person types (debounced;
 * a request superseded is aborted), arrows move through them, Enter opens the highlighted one or,
 * with none highlighted, sends the text to /offers. Closes on the backdrop, the close button and
 * Escape; `onClose` then puts the focus back on the header's search button.
 */
export default function SearchOverlay({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found | null>(null);
  const [active, setActive] = useState(-1);
  const text = query.trim();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    inputRef.current?.focus();
  }, []);

  // The page behind does not scroll, and Tab goes round the dialog's own controls.
  useOverlay((event) => {
    const dialog = dialogRef.current;
    if (event.key !== "Tab" || !dialog) return;
    const controls = [...dialog.querySelectorAll<HTMLElement>("input, button, a[href]:not([tabindex='-1'])")];
    const edge = event.shiftKey ? controls[0] : controls.at(-1);
    if (document.activeElement === edge || !dialog.contains(document.activeElement)) {
      event.preventDefault();
      (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
    }
  });

  // The results for the text typed, a moment after the typing stops; a newer text aborts the older request.
  useEffect(() => {
    if (!text) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${SEARCH_URL}?q=${encodeURIComponent(text)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          const body = (await response.json()) as { results: SearchResult[] };
          setFound({ query: text, results: body.results });
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFound({ query: text, results: null });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const close = () => dialogRef.current?.close();
  // An emptied box shows nothing; otherwise the last answer stays until the next one comes.
  const shown = text ? found : null;
  const results = shown?.results ?? [];
  const allResults = `/offers?keyword=${encodeURIComponent(text)}`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count) {
      event.preventDefault();
      setActive((index) => (event.key === "ArrowDown" ? (index + 1) % count : (index <= 0 ? count : index) - 1));
    } else if (event.key === "Enter" && results[active]) {
      event.preventDefault(); // opens the offer rather than sending the text to /offers
      close();
      void navigate(`/offer/${results[active].id}`);
    }
  }

  let status = "";
  if (shown?.results === null) status = FAILED;
  else if (shown?.results.length === 0) status = MESSAGES.searchEmpty;
  else if (shown) status = formatCountArabic(results.length, { zero: "", one: "نتيجة واحدة", two: "نتيجتان", few: "نتائج", many: "نتيجة" });
  const visibleStatus = shown != null && results.length === 0;

  return (
    <dialog
      ref={dialogRef}
      aria-label="البحث"
      onClose={onClose}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none overflow-hidden bg-transparent p-0 text-ink backdrop:bg-transparent"
    >
      <div className="absolute inset-0 bg-black/55" data-testid="search-backdrop" onClick={close} aria-hidden />
      <div className="relative mx-auto mt-[10vh] w-[calc(100%-2rem)] max-w-2xl overflow-hidden rounded-2xl bg-white shadow-2xl">
        <Form method="get" action="/offers" onSubmit={close} className="flex items-center gap-2 border-b border-stone-200 p-3">
          <SearchIcon className="size-6 shrink-0 text-stone-500" />
          <label htmlFor="site-search" className="sr-only">
            ابحث عن عقار
          </label>
          <input
            ref={inputRef}
            id="site-search"
            name="keyword"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={results.length > 0}
            aria-controls={LIST_ID}
            aria-activedescendant={results[active] ? optionId(active) : undefined}
            enterKeyHint="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="ابحث بالعنوان أو الحي أو المدينة"
            autoComplete="off"
            maxLength={SEARCH_QUERY_MAX}
            className="min-w-0 flex-1 bg-transparent p-2 text-lg outline-none"
          />
          <button type="button" onClick={close} className="rounded-lg p-2 text-stone-600 hover:bg-stone-100">
            <CloseIcon className="size-6" />
            <span className="sr-only">إغلاق</span>
          </button>
        </Form>
        <ul id={LIST_ID} role="listbox" aria-label="نتائج البحث" hidden={results.length === 0} className="max-h-[60dvh] overflow-y-auto p-2">
          {results.map((result, index) => (
            <li key={result.id} role="none">
              <Link
                to={`/offer/${result.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                onClick={close}
                className="flex items-center gap-3 rounded-xl p-2 hover:bg-sand-100 aria-selected:bg-sand-100 aria-selected:ring-2 aria-selected:ring-brand-600"
              >
                {result.image ? <Thumbnail image={result.image} width={96} height={72} className="h-18 w-24" /> : <span className="h-18 w-24 shrink-0 rounded-lg bg-sand-200" />}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-bold">{result.title}</span>
                  <span className="flex items-center gap-1 text-sm text-stone-600">
                    <PinIcon className="size-4 shrink-0" />
                    <span className="truncate">{result.place}</span>
                  </span>
                  <span className="block text-sm font-bold text-brand-700">{result.priceText}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p role="status" className={visibleStatus ? "p-6 text-center text-stone-600" : "sr-only"}>
          {status}
        </p>
        {results.length > 0 && (
          <Link to={allResults} onClick={close} className="flex items-center justify-center gap-1 border-t border-stone-200 p-3 font-bold text-brand-700 hover:bg-brand-50">
            عرض كل النتائج
            <ChevronEndIcon className="size-5" />
          </Link>
        )}
      </div>
    </dialog>
  );
}
