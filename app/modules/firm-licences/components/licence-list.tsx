import { useRef, useState, type PointerEvent } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { adminDangerButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { ToastMessage, useSuccessToast } from "~/components/forms/toast.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { Thumbnail } from "~/components/ui/thumbnail.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import type { LicenceView } from "../licence-view.ts";
import { LICENCE_LIMITS, LICENCE_MESSAGES, licenceAltSchema } from "../licences-schema.ts";

/** A drag under way: the licence held, the order when it was picked up, and the order shown now. */
type Drag = { id: number; from: number[]; ids: number[] };

const smallButton = "rounded-lg px-3 py-1.5 text-sm font-bold ring-1 disabled:opacity-60";
const arrowButton = `${smallButton} text-brand-800 ring-brand-300 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent`;

/** The licences in `ids`' order (those it does not name last, in their own order). */
function arrange(licences: LicenceView[], ids: number[]): LicenceView[] {
  const byId = new Map(licences.map((licence) => [licence.id, licence]));
  const placed = ids.flatMap((id) => byId.get(id) ?? []);
  const named = new Set(ids);
  return [...placed, ...licences.filter((licence) => !named.has(licence.id))];
}

/** The order a pending reorder post is saving. */
function postedOrder(formData: FormData | undefined): number[] | null {
  const order = formData?.get("order");
  return typeof order === "string" && order ? order.split(",").map(Number) : null;
}

const sameOrder = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

const positionText = (alt: string, index: number, total: number) => `«${alt}» الآن في الموضع ${formatNumberArabic(index + 1)} من ${formatNumberArabic(total)}.`;

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={up ? "M12 19V5M5 12l7-7 7 7" : "M12 5v14M19 12l-7 7-7-7"} />
    </svg>
  );
}

/** The licence's image, small: the stored 400-px variant, or the external link itself. */
function LicenceThumbnail({ licence }: { licence: LicenceView }) {
  if (licence.image) return <Thumbnail image={licence.image} width={56} height={75} lazy className="h-[75px] w-14 ring-1 ring-stone-200" />;
  return (
    <img
      src={licence.url ?? ""}
      alt=""
      width={56}
      height={75}
      loading="lazy"
      referrerPolicy="no-referrer"
      className="h-[75px] w-14 shrink-0 rounded-lg bg-stone-100 object-cover ring-1 ring-stone-200"
    />
  );
}

/** A licence's description, edited in place: a field, save and cancel; 'تم حفظ الوصف.' for 3 seconds after a save. */
function AltEditor({ licence }: { licence: LicenceView }) {
  const fetcher = useFetcher<FormReply>();
  const [editing, setEditing] = useState(false);
  const [form, fields] = useAppForm({ id: `licence-alt-${licence.id}`, schema: licenceAltSchema, lastResult: fetcher.data, defaultValue: { alt: licence.alt } });
  const toast = useSuccessToast(fetcher.data, LICENCE_MESSAGES.altSaved);
  // A save closes the editor (adjusted while rendering, when its reply arrives).
  const [seen, setSeen] = useState(fetcher.data);
  if (seen !== fetcher.data) {
    setSeen(fetcher.data);
    if (fetcher.data?.status === "success") setEditing(false);
  }

  if (!editing) {
    return (
      <div className="grid min-w-0 gap-1">
        <p className="font-bold leading-7 break-words text-stone-900">
          <bdi>{licence.alt}</bdi>
        </p>
        {licence.url ? <p className="text-xs font-bold text-stone-500">صورة من رابط خارجي</p> : null}
        <ToastMessage toast={toast} className="text-sm" />
        <button type="button" onClick={() => setEditing(true)} className={`${smallButton} justify-self-start text-brand-800 ring-brand-300 hover:bg-brand-50`}>
          تعديل الوصف
          <span className="sr-only">: {licence.alt}</span>
        </button>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid min-w-0 gap-2">
      <input type="hidden" name="intent" value="alt" />
      <input type="hidden" name="id" value={licence.id} />
      <Field meta={fields.alt} label="وصف الترخيص">
        {(props) => <input {...props} maxLength={LICENCE_LIMITS.alt} autoFocus className={inputClass} />}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${smallButton} bg-brand-700 text-white ring-brand-700 hover:bg-brand-800`}>
          حفظ الوصف
        </button>
        <button type="button" onClick={() => setEditing(false)} className={`${smallButton} text-stone-700 ring-stone-300 hover:bg-stone-50`}>
          إلغاء
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The licences in display order, each with its thumbnail and description. The order changes by
 * dragging a row by its handle (mouse, pen or finger) or with the move up / move down buttons (the
 * keyboard's way; each move is announced), and is saved at once: the new order shows while it is
 * saved and goes back if the save fails. Delete asks first, naming the licence.
 */
export function LicenceList({ licences }: { licences: LicenceView[] }) {
  const reorder = useFetcher<FormReply>();
  const remove = useFetcher<FormReply>();
  const [drag, setDrag] = useState<Drag | null>(null);
  const [deleting, setDeleting] = useState<LicenceView | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const rows = useRef(new Map<number, HTMLLIElement>());

  const saved = licences.map((licence) => licence.id);
  const ids = drag?.ids ?? postedOrder(reorder.formData) ?? saved;
  const shown = arrange(licences, ids);
  const order = shown.map((licence) => licence.id);

  function save(next: number[], moved: LicenceView) {
    void reorder.submit({ intent: "reorder", order: next.join(",") }, { method: "post" });
    setAnnouncement(positionText(moved.alt, next.indexOf(moved.id), next.length));
  }

  function move(licence: LicenceView, by: -1 | 1) {
    const from = order.indexOf(licence.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= order.length) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, licence.id);
    save(next, licence);
  }

  function pickUp(event: PointerEvent<HTMLElement>, licence: LicenceView) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ id: licence.id, from: order, ids: order });
  }

  function dragTo(event: PointerEvent<HTMLElement>) {
    if (!drag) return;
    // The held row goes before the first other row whose middle is below the pointer.
    const others = drag.ids.filter((id) => id !== drag.id);
    let index = 0;
    for (const id of others) {
      const box = rows.current.get(id)?.getBoundingClientRect();
      if (box && event.clientY > box.top + box.height / 2) index += 1;
    }
    const next = [...others.slice(0, index), drag.id, ...others.slice(index)];
    if (!sameOrder(next, drag.ids)) setDrag({ ...drag, ids: next });
    // Near the window's edge, the page scrolls so a long list can be dragged through.
    const edge = 56;
    if (event.clientY < edge) window.scrollBy(0, -12);
    else if (event.clientY > window.innerHeight - edge) window.scrollBy(0, 12);
  }

  function drop() {
    if (!drag) return;
    const licence = licences.find((l) => l.id === drag.id);
    if (licence && !sameOrder(drag.ids, drag.from)) save(drag.ids, licence);
    setDrag(null);
  }

  const orderErrors = reorder.state === "idle" && reorder.data?.status === "error" ? [LICENCE_MESSAGES.orderFailed] : undefined;

  return (
    <div className="grid gap-3">
      <p aria-live="polite" className="sr-only" data-testid="licence-order-announcement">
        {announcement}
      </p>
      <FormNotice errors={orderErrors} />
      {remove.state === "idle" ? <FormNotice errors={formErrorsOf(remove.data)} /> : null}
      <ol className={`grid gap-3 ${drag ? "cursor-grabbing select-none" : ""}`} aria-label="التراخيص بترتيب عرضها">
        {shown.map((licence, index) => {
          const first = index === 0;
          const last = index === shown.length - 1;
          const held = drag?.id === licence.id;
          return (
            <li
              key={licence.id}
              ref={(element) => {
                if (element) rows.current.set(licence.id, element);
                else rows.current.delete(licence.id);
              }}
              data-testid="admin-licence"
              data-licence-id={licence.id}
              className={`flex flex-wrap items-start gap-3 rounded-2xl bg-white p-3 ring-1 transition-shadow sm:flex-nowrap sm:items-center sm:p-4 ${
                held ? "relative z-10 shadow-lg ring-2 ring-brand-500" : "shadow-sm ring-stone-200"
              }`}
            >
              <div
                aria-hidden="true"
                title="اسحب لتغيير الترتيب"
                data-testid="licence-drag-handle"
                onPointerDown={(event) => pickUp(event, licence)}
                onPointerMove={dragTo}
                onPointerUp={drop}
                onPointerCancel={() => setDrag(null)}
                className={`flex h-[75px] w-8 shrink-0 touch-none items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 ${held ? "cursor-grabbing" : "cursor-grab"}`}
              >
                <GripIcon />
              </div>
              <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800 sm:mt-0" aria-hidden="true">
                {formatNumberArabic(index + 1)}
              </span>
              <LicenceThumbnail licence={licence} />
              <div className="min-w-0 flex-1 basis-40">
                <AltEditor licence={licence} />
              </div>
              <div className="flex w-full flex-wrap items-center justify-end gap-2 sm:w-auto sm:flex-nowrap">
                <button
                  type="button"
                  aria-label={`نقل «${licence.alt}» إلى الأعلى`}
                  aria-disabled={first || undefined}
                  onClick={() => !first && move(licence, -1)}
                  className={arrowButton}
                >
                  <ArrowIcon up />
                </button>
                <button
                  type="button"
                  aria-label={`نقل «${licence.alt}» إلى الأسفل`}
                  aria-disabled={last || undefined}
                  onClick={() => !last && move(licence, 1)}
                  className={arrowButton}
                >
                  <ArrowIcon up={false} />
                </button>
                <button type="button" onClick={() => setDeleting(licence)} className={`${adminDangerButtonClass} px-3 py-1.5 text-sm`}>
                  حذف
                  <span className="sr-only">: {licence.alt}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        message={LICENCE_MESSAGES.deleteConfirm}
        subject={deleting?.alt}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.submit({ intent: "delete", id: String(deleting.id) }, { method: "post" });
          setDeleting(null);
        }}
      />
    </div>
  );
}
