import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import type { ControlProps } from "~/components/forms/field.tsx";
import { inputClass } from "~/components/forms/field.tsx";
import { useValidateOnChange } from "~/components/forms/use-validate-on-change.ts";
import { resultsText } from "~/utils/count-words.ts";
import { formatNumberArabic } from "~/utils/format.ts";

const DEBOUNCE_MS = 250;

const subscribeNothing = () => () => {};
/** False while the page is only server-rendered HTML (and during hydration), true once React runs it. */
const useScripted = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

/** A record a picker lists: its number, and its name as the box shows it once picked. */
export interface PickedRecord {
  id: number;
  label: string;
}

/** What a picker's search answers (GET `url?q=`): up to 20 records. */
interface RecordPickerAnswer<T extends PickedRecord> {
  choices: T[];
}

const choiceText = (record: PickedRecord) => `#${formatNumberArabic(record.id)} — ${record.label}`;

/**
 * A record chosen by searching as one types (the task's offer, a viewing's offer and client): a
 * search box (combobox) that asks `url?q=` (debounced) for records, with the results in a listbox
 * (arrows move, Enter picks, Escape closes). The chosen record's number is posted under the
 * field's name; a text typed and not picked is posted as it is, so the form says the record was
 * not found rather than dropping it. Without JavaScript the box itself is the field: the record's
 * number ("12" or "#12") typed. `initial` is the record the form opens with (a prefilled booking).
 */
export function RecordPicker<T extends PickedRecord>({
  control,
  form,
  url,
  initial = null,
  placeholder,
  listLabel,
  noneText,
  failedText,
  detail,
}: {
  control: ControlProps;
  form: { validate: (options: { name: string }) => void };
  url: string;
  initial?: T | null;
  /** The box's hint, e.g. «ابحث بعنوان العرض أو رقمه». */
  placeholder: string;
  /** The listbox's name, e.g. «العروض المطابقة». */
  listLabel: string;
  noneText: string;
  failedText: string;
  /** A second line under a result (its place, its phone), if any. */
  detail?: (record: T) => ReactNode;
}) {
  const scripted = useScripted();
  const listId = useId();
  const startsWith = initial && control.defaultValue === String(initial.id) ? initial : null;
  const [query, setQuery] = useState(startsWith ? choiceText(startsWith) : (control.defaultValue ?? ""));
  const [chosen, setChosen] = useState<T | null>(startsWith);
  const [results, setResults] = useState<T[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController | null>(null);
  /** The last answer's records, for the highlighted one to be found again in the next. */
  const shownResults = useRef<T[] | null>(null);
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
      fetch(`${url}?q=${encodeURIComponent(text.trim())}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          const body = (await response.json()) as RecordPickerAnswer<T>;
          // The record highlighted in the list before stays highlighted in the new one (arrows pressed
          // while the answer was on its way); otherwise the first.
          const before = shownResults.current;
          shownResults.current = body.choices;
          setResults(body.choices);
          setFailed(false);
          setActive((index) => {
            const kept = body.choices.findIndex((record) => record.id === before?.[index]?.id);
            return kept >= 0 ? kept : body.choices.length ? 0 : -1;
          });
          setOpen(true);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setFailed(error instanceof Error);
          shownResults.current = [];
          setResults([]);
          setOpen(true);
        });
    }, DEBOUNCE_MS);
  };

  const choose = (record: T) => {
    clearTimeout(timer.current);
    setChosen(record);
    setQuery(choiceText(record));
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
      event.preventDefault(); // picks the record, does not send the form
      choose(results[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const posted = chosen ? String(chosen.id) : query.trim();
  // Once the field shows an error, a choice made (or the text changed) checks it again, as typing does in a plain field.
  useValidateOnChange(form, control.name, control["aria-invalid"] ? posted : null);

  const optionId = (index: number) => `${listId}-option-${index}`;
  const shown = scripted && open && results != null;
  // One text box in both states, so what is typed before the page's script has run stays in it and
  // the early-input script's replay reaches it (two different boxes lost it at hydration). Before,
  // and without JavaScript, it is the field itself: the record's number typed.
  const box = scripted
    ? ({
        role: "combobox",
        "aria-autocomplete": "list",
        "aria-expanded": shown,
        "aria-controls": listId,
        "aria-activedescendant": shown && active >= 0 ? optionId(active) : undefined,
        placeholder,
      } as const)
    : ({ name: control.name, inputMode: "numeric", dir: "auto", placeholder: "مثال: ١٢" } as const);
  return (
    <div className="relative">
      <input
        id={control.id}
        type="text"
        {...box}
        aria-invalid={control["aria-invalid"]}
        aria-describedby={control["aria-describedby"]}
        autoComplete="off"
        // Without JavaScript a record the form opens with is its number (the field reads numbers only).
        value={!scripted && chosen ? String(chosen.id) : query}
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
      {scripted ? (
        <>
          <input type="hidden" name={control.name} value={posted} />
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel}
            hidden={!shown}
            className="absolute inset-x-0 top-full z-10 mt-1 max-h-72 overflow-y-auto rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200"
          >
            {results?.map((record, index) => (
              <li
                key={record.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Picked on mouse down, before the box loses focus and closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(record);
                }}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-2 ${index === active ? "bg-brand-50 text-brand-900" : ""}`}
              >
                <span className="font-bold">#{formatNumberArabic(record.id)}</span> — <bdi>{record.label}</bdi>
                {detail?.(record) ? <span className="block text-sm text-stone-600">{detail(record)}</span> : null}
              </li>
            ))}
          </ul>
          <p role="status" className="sr-only">
            {shown ? (failed ? failedText : results.length ? resultsText(results.length) : noneText) : ""}
          </p>
        </>
      ) : null}
      {shown && results.length === 0 ? (
        <p className="absolute inset-x-0 top-full z-10 mt-1 rounded-xl bg-white p-3 text-stone-600 shadow-lg ring-1 ring-stone-200">{failed ? failedText : noneText}</p>
      ) : null}
    </div>
  );
}
