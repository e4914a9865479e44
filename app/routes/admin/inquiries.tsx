import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { ContactFacts, Fact, LastAction } from "~/components/admin/record-card.tsx";
import { adminButtonClass, adminCardClass, adminInputClass, adminLabelClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { completeInquiry, listInbox, parseInboxFilters, replyToInquiry, requestHelp, type InboxActionResult, type InboxCard } from "~/modules/inquiries/inbox.server.ts";
import {
  AUDIT_ACTION_LABELS,
  canComplete,
  canReply,
  INQUIRY_MESSAGES,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  inquiryStatusLabel,
  REPLY_METHODS,
  replyText,
} from "~/modules/inquiries/status.ts";
import { formatDateTimeArabic } from "~/utils/format.ts";
import { whatsappLink } from "~/utils/whatsapp.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/inquiries";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSectionUser(context, "inquiries");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  return { filters, inquiries: await listInbox(context.get(servicesContext).db, filters) };
}

type ActionAnswer = InboxActionResult & { id: number; intent: string };

/** Every action names its inquiry; the role is checked again here, not only by the guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireSectionUser(context, "inquiries");
  const services = context.get(servicesContext);
  const read = await readForm(request, context);
  if (!read.ok) return data<ActionAnswer>({ ok: false, error: read.message, id: 0, intent: "" }, { status: read.status });
  const form = read.form;
  const id = Number(form.get("id"));
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  if (!Number.isSafeInteger(id) || id <= 0) return data<ActionAnswer>({ ok: false, error: INQUIRY_MESSAGES.notFound, id: 0, intent }, { status: 400 });
  let result: InboxActionResult;
  if (intent === "reply" && (text("method") === "email" || text("method") === "whatsapp")) {
    result = await replyToInquiry(services, user, id, text("method") as "email" | "whatsapp", text("message"));
  } else if (intent === "complete") {
    result = await completeInquiry(services.db, user, id);
  } else if (intent === "help") {
    result = await requestHelp(services.db, user, id, { title: text("title"), details: text("details") });
  } else {
    return data<ActionAnswer>({ ok: false, error: "طلب غير صالح", id, intent }, { status: 400 });
  }
  return data<ActionAnswer>({ ...result, id, intent }, { status: result.ok ? 200 : 400 });
}

const STATUS_TONES: Record<string, string> = {
  pending: "bg-yellow-300 text-yellow-950",
  replied: "bg-blue-600 text-white",
  completed: "bg-emerald-600 text-white",
};

function Answer({ answer }: { answer: ActionAnswer | undefined }) {
  if (!answer) return null;
  return <Notice tone={answer.ok ? "success" : "error"}>{answer.ok ? answer.message : answer.error}</Notice>;
}

function HelpDialog({ inquiry, onClose }: { inquiry: InboxCard; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ActionAnswer>();
  const id = useId();
  useEffect(() => ref.current?.showModal(), []);
  // SPEC.md §9: the dialog closes 2 s after a success.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    const timer = setTimeout(onClose, 2000);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={`${id}-title`} className="mb-1 text-lg font-bold text-brand-900">
        طلب مساعدة من المحاسب
      </h2>
      <p className="mb-4 text-sm text-stone-600">
        بخصوص استفسار <bdi>{inquiry.name}</bdi>
      </p>
      <fetcher.Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="help" />
        <input type="hidden" name="id" value={inquiry.id} />
        <label className={adminLabelClass}>
          عنوان الطلب
          <input name="title" required className={adminInputClass} />
        </label>
        <label className={adminLabelClass}>
          التفاصيل
          <textarea name="details" required rows={4} className={adminInputClass} />
        </label>
        <Answer answer={fetcher.data} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={adminSecondaryButtonClass} onClick={onClose}>
            إلغاء
          </button>
          <button type="submit" className={adminButtonClass} disabled={fetcher.state !== "idle" || fetcher.data?.ok}>
            إرسال الطلب
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}

function InquiryCard({ inquiry }: { inquiry: InboxCard }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [message, setMessage] = useState("");
  const [helpOpen, setHelpOpen] = useState(false);
  const id = useId();
  // A sent reply clears its box.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "reply") setMessage("");
  }, [fetcher.state, fetcher.data]);

  const reply = (method: "email" | "whatsapp") => {
    if (method === "whatsapp" && message.trim()) {
      // Opened at once, in the click, so no pop-up blocker stands in the way; the reply is recorded alongside.
      window.open(whatsappLink(inquiry.phone, replyText(message, inquiry.coordinates)), "_blank", "noopener");
    }
    void fetcher.submit({ intent: "reply", id: String(inquiry.id), method, message }, { method: "post" });
  };

  return (
    <li className={`${adminCardClass} grid gap-3`} data-testid="inquiry-card" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-name`} className="text-lg font-bold text-stone-900">
          <bdi>{inquiry.name}</bdi>
        </h2>
        <div className="flex items-center gap-2">
          {inquiry.late ? <span className="rounded-full bg-red-700 px-3 py-0.5 text-sm font-bold text-white">متأخر</span> : null}
          <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${STATUS_TONES[inquiry.status] ?? "bg-stone-500 text-white"}`} data-testid="inquiry-status">
            {inquiryStatusLabel(inquiry.status)}
          </span>
        </div>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <ContactFacts phone={inquiry.phone} email={inquiry.email} at={inquiry.createdAt} />
        {inquiry.propertyTitle ? (
          <Fact label="العقار" wide>
            {inquiry.propertyId ? (
              <Link to={`/offer/${inquiry.propertyId}`} className="font-bold text-brand-800 underline">
                <bdi>{inquiry.propertyTitle}</bdi>
              </Link>
            ) : (
              <bdi>{inquiry.propertyTitle}</bdi>
            )}
          </Fact>
        ) : null}
      </dl>
      {inquiry.message ? (
        <p className="rounded-xl bg-stone-50 p-3 leading-7 whitespace-pre-line">
          <bdi>{inquiry.message}</bdi>
        </p>
      ) : null}

      {inquiry.replyHistory.length ? (
        <section aria-label="سجل الردود" className="grid gap-2">
          <h3 className="text-sm font-bold text-stone-700">سجل الردود</h3>
          <ol className="grid gap-2">
            {inquiry.replyHistory.map((entry, index) => (
              <li key={index} className="rounded-xl border-s-4 border-brand-600 bg-brand-50/60 p-3 text-sm" data-testid="reply-entry">
                <p className="mb-1 text-stone-600">
                  {REPLY_METHODS[entry.method as keyof typeof REPLY_METHODS] ?? entry.method} · <bdi>{entry.sentBy}</bdi> · <time dateTime={entry.timestamp}>{formatDateTimeArabic(entry.timestamp)}</time>
                </p>
                <p className="whitespace-pre-line">
                  <bdi>{entry.message}</bdi>
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <LastAction entry={inquiry.lastAction} labels={AUDIT_ACTION_LABELS} />

      <Answer answer={fetcher.data} />

      {canReply(inquiry.status) ? (
        <div className="grid gap-2">
          <label htmlFor={`${id}-reply`} className="text-sm font-bold text-stone-700">
            الرد على العميل
          </label>
          <textarea id={`${id}-reply`} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} className={adminInputClass} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={adminButtonClass} disabled={fetcher.state !== "idle"} onClick={() => reply("whatsapp")}>
              رد عبر واتساب
            </button>
            <button type="button" className={adminSecondaryButtonClass} disabled={fetcher.state !== "idle" || !inquiry.email} onClick={() => reply("email")}>
              رد بالبريد الإلكتروني
            </button>
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-3">
        <button type="button" className={adminSecondaryButtonClass} onClick={() => setHelpOpen(true)}>
          طلب مساعدة
        </button>
        {canComplete(inquiry.status) ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="id" value={inquiry.id} />
            <button type="submit" className="rounded-xl px-4 py-2 font-bold text-emerald-800 ring-1 ring-emerald-300 hover:bg-emerald-50">
              إكمال
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      {helpOpen ? <HelpDialog inquiry={inquiry} onClose={() => setHelpOpen(false)} /> : null}
    </li>
  );
}

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { filters, inquiries } = loaderData;
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">استفسارات العملاء</h1>
      <Form method="get" className={`${adminCardClass} grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end`} role="search">
        <label className={adminLabelClass}>
          الحالة
          <select name="status" defaultValue={filters.status ?? ""} className={adminInputClass}>
            <option value="">الكل</option>
            {INQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className={adminLabelClass}>
          بحث
          <input type="search" name="q" defaultValue={filters.q ?? ""} placeholder="الاسم أو الهاتف أو العقار" className={adminInputClass} />
        </label>
        <button type="submit" className={adminButtonClass}>
          عرض
        </button>
      </Form>
      {inquiries.length ? (
        <ul className="grid gap-4" aria-label="الاستفسارات">
          {inquiries.map((inquiry) => (
            <InquiryCard key={inquiry.id} inquiry={inquiry} />
          ))}
        </ul>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>{filters.status || filters.q ? "لا توجد استفسارات مطابقة." : "لا توجد استفسارات بعد."}</p>
      )}
    </div>
  );
}
