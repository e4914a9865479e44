import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { CloseIcon, PinIcon, SearchIcon } from "~/components/ui/icons.tsx";
import { Thumbnail } from "~/components/ui/thumbnail.tsx";
import type { ImageRef } from "~/utils/image-ref.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { useOverlay } from "~/utils/use-overlay.ts";

interface Result {
  id: number;
  title: string;
  city: string;
  location: string;
  status: string;
  mainImage: ImageRef | null;
}

/** Header search: text search by title, neighbourhood or city; closes on the backdrop, the close button or Escape. */
export default function SearchOverlay({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Result[] | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useOverlay((event) => event.key === "Escape" && onClose());
  useEffect(() => inputRef.current?.focus(), []);

  // The results for the text typed, a moment after the typing stops.
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((response) => response.json() as Promise<{ results: Result[] }>)
        .then((body) => setResults(body.results))
        .catch(() => undefined);
    }, 180);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  function type(text: string) {
    setQuery(text);
    // An emptied box shows no results (and the effect asks for none).
    if (!text.trim()) setResults(null);
  }

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center p-4 pt-[10vh]" role="dialog" aria-modal="true" aria-label="البحث">
      <div className="absolute inset-0 bg-black/55" data-testid="search-backdrop" onClick={onClose} aria-hidden />
      <div className="relative w-full max-w-2xl overflow-hidden rounded-2xl bg-white shadow-2xl">
        <Form method="get" action="/offers" onSubmit={onClose} className="flex items-center gap-2 border-b border-stone-200 p-3">
          <SearchIcon className="size-6 shrink-0 text-stone-500" />
          <label htmlFor="site-search" className="sr-only">
            ابحث عن عقار
          </label>
          <input
            ref={inputRef}
            id="site-search"
            name="keyword"
            type="search"
            value={query}
            onChange={(event) => type(event.target.value)}
            placeholder="ابحث بالعنوان أو الحي أو المدينة"
            autoComplete="off"
            maxLength={100}
            className="min-w-0 flex-1 bg-transparent p-2 text-lg outline-none"
          />
          <button type="button" onClick={onClose} className="rounded-lg p-2 text-stone-600 hover:bg-stone-100">
            <CloseIcon className="size-6" />
            <span className="sr-only">إغلاق</span>
          </button>
        </Form>
        <div className="max-h-[60vh] overflow-y-auto p-2" aria-live="polite">
          {results && results.length === 0 && <p className="p-6 text-center text-stone-600">{MESSAGES.searchEmpty}</p>}
          {results && results.length > 0 && (
            <ul>
              {results.map((result) => (
                <li key={result.id}>
                  <Link to={`/offer/${result.id}`} onClick={onClose} className="flex items-center gap-3 rounded-xl p-2 hover:bg-sand-100">
                    {result.mainImage ? <Thumbnail image={result.mainImage} width={80} height={56} className="h-14 w-20" /> : null}
                    <span className="min-w-0">
                      <span className="block truncate font-bold">{result.title}</span>
                      <span className="flex items-center gap-1 text-sm text-stone-600">
                        <PinIcon className="size-4" />
                        {[result.location, result.city].filter(Boolean).join("، ")}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
