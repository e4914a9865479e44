import { useState, type MouseEvent } from "react";
import { Link, useFetcher, type FetcherWithComponents } from "react-router";
import { Fact, LastAction, RecordCard } from "~/components/admin/record-card.tsx";
import { ClientLink } from "~/modules/clients/index.ts";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass, FormNotice } from "~/components/forms/field.tsx";
import { ToastMessage, useSuccessToast } from "~/components/forms/toast.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { AUDIT_ACTION_LABELS } from "~/modules/audit/audit-labels.ts";
import { taskStatusLabel } from "~/modules/tasks/index.ts";
import { formatCountArabic } from "~/utils/format.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { whatsappLink } from "~/components/ui/whatsapp-link.tsx";
import type { InboxCard, InquiryTask } from "../inbox-card.ts";
import { inboxReplySchema } from "../inbox-schema.ts";
import { inquirerName, INQUIRY_LATE_HINT, INQUIRY_MESSAGES, inquiryStatusLabel, isInquiryOpen, replyText, type ReplyMethod } from "../status.ts";
import { HelpDialog } from "./help-dialog.tsx";
import { ReplyEntryItem } from "./reply-entry.tsx";

/** «رد واحد», «ردان», «٣ ردود», «١١ ردًا», «١٠٠ رد». */
const repliesText = (count: number) => formatCountArabic(count, { zero: "لا توجد ردود", one: "رد واحد", two: "ردان", few: "ردود", many: "ردًا", other: "رد" });

const STATUS_TONES: Record<string, string> = {
  pending: "bg-yellow-300 text-yellow-950",
  replied: "bg-blue-600 text-white",
  completed: "bg-emerald-600 text-white",
};

/** The reply box (a sent reply marks the inquiry replied): by WhatsApp (the chat opens with the text) or by e-mail; a sent reply clears the box. */
function ReplyForm({ inquiry, fetcher, onMethod }: { inquiry: InboxCard; fetcher: FetcherWithComponents<FormReply>; onMethod: (method: ReplyMethod) => void }) {
  const [form, fields] = useAppForm({ id: `reply-${inquiry.id}`, schema: inboxReplySchema, lastResult: fetcher.data });
  const busy = fetcher.state !== "idle";
  const openChat = (event: MouseEvent<HTMLButtonElement>) => {
    onMethod("whatsapp");
    const box = event.currentTarget.form?.elements.namedItem(fields.message.name);
    const text = box instanceof HTMLTextAreaElement ? box.value.trim() : "";
    // Opened at once, in the click, so no pop-up blocker stands in the way; the reply is recorded alongside.
    if (text) window.open(whatsappLink(inquiry.phone, replyText(text, inquiry.coordinates)), "_blank", "noopener");
  };
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={inquiry.id} />
      <Field meta={fields.message} label="الرد على العميل">
        {(props) => <textarea {...props} rows={3} className={inputClass} autoFocus />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="method" value="whatsapp" className={adminButtonClass} disabled={busy} onClick={openChat}>
          رد عبر واتساب
        </button>
        <button type="submit" name="method" value="email" className={adminSecondaryButtonClass} disabled={busy || !inquiry.email} onClick={() => onMethod("email")}>
          رد بالبريد الإلكتروني
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The tasks made from an inquiry: title and status; the title opens the task for whoever may see it on the board. */
function InquiryTasks({ tasks }: { tasks: InquiryTask[] }) {
  return (
    <section aria-label="المهام المرتبطة" className="grid gap-2">
      <h3 className="text-sm font-bold text-stone-700">المهام المرتبطة</h3>
      <ul className="grid gap-2">
        {tasks.map((task) => (
          <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-50 px-3 py-2 text-sm" data-testid="inquiry-task">
            {task.canOpen ? (
              <Link to={`/admin/tasks/${task.id}`} className="font-bold text-brand-800 underline">
                <bdi>{task.title}</bdi>
              </Link>
            ) : (
              <bdi className="font-bold text-ink">{task.title}</bdi>
            )}
            <span className="rounded-full bg-white px-2.5 py-0.5 font-bold text-stone-700 ring-1 ring-stone-300">{taskStatusLabel(task.status)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One inquiry of the inbox (its anchor `#inquiry-{id}`): who wrote and about what, the reply
 * history, its tasks, the last action, and while it is open the reply box and "complete"; "request help" at any time. The
 * answers of its forms show on the card, which stays when the inquiry is completed.
 */
export function InquiryCard({ inquiry }: { inquiry: InboxCard }) {
  const reply = useFetcher<FormReply>();
  const complete = useFetcher<FormReply>();
  const [method, setMethod] = useState<ReplyMethod>("email");
  const [helpOpen, setHelpOpen] = useState(false);
  // The reply box opens on «رد» and closes again once the reply went through.
  const [replyOpen, setReplyOpen] = useState(false);
  const [answered, setAnswered] = useState(reply.data);
  if (reply.state === "idle" && reply.data !== answered) {
    setAnswered(reply.data);
    if (reply.data?.status === "success") setReplyOpen(false);
  }
  const replied = useSuccessToast(reply.data, method === "email" ? INQUIRY_MESSAGES.repliedEmail : INQUIRY_MESSAGES.repliedWhatsapp);
  const completed = useSuccessToast(complete.data, INQUIRY_MESSAGES.completed);
  const open = isInquiryOpen(inquiry.status);

  return (
    <RecordCard
      testId="inquiry-card"
      anchor={`inquiry-${inquiry.id}`}
      name={inquirerName(inquiry.name)}
      badges={
        <div className="flex items-center gap-2">
          {inquiry.late ? (
            <span className="rounded-full bg-red-700 px-3 py-0.5 text-sm font-bold text-white" data-testid="inquiry-late" title={INQUIRY_LATE_HINT}>
              متأخر
            </span>
          ) : null}
          <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${STATUS_TONES[inquiry.status] ?? "bg-stone-500 text-white"}`} data-testid="inquiry-status">
            {inquiryStatusLabel(inquiry.status)}
          </span>
        </div>
      }
      contact={{ phone: inquiry.phone, email: inquiry.email, at: inquiry.createdAt }}
      facts={
        inquiry.propertyTitle ? (
          <Fact label="العقار" wide>
            {inquiry.propertyId ? (
              <>
                <Link to={`/offer/${inquiry.propertyId}`} className="font-bold text-brand-800 underline">
                  <bdi>{inquiry.propertyTitle}</bdi>
                </Link>{" "}
                <Link to={`/admin/inquiries?offer=${inquiry.propertyId}`} className="text-sm whitespace-nowrap text-brand-700 underline underline-offset-4">
                  كل استفساراته
                </Link>
              </>
            ) : (
              <bdi>{inquiry.propertyTitle}</bdi>
            )}
          </Fact>
        ) : null
      }
      text={inquiry.message}
    >
      {inquiry.replyHistory.length ? (
        <details className="group rounded-xl bg-stone-50 px-3 py-2" data-testid="reply-history">
          <summary className="cursor-pointer text-sm font-bold text-stone-700">سجل الردود: {repliesText(inquiry.replyHistory.length)}</summary>
          <ol className="mt-2 grid gap-2" aria-label="سجل الردود">
            {inquiry.replyHistory.map((entry, index) => (
              <ReplyEntryItem key={index} entry={entry} inquiryId={inquiry.id} />
            ))}
          </ol>
        </details>
      ) : null}

      {inquiry.tasks.length ? <InquiryTasks tasks={inquiry.tasks} /> : null}

      <ClientLink clientId={inquiry.clientId} />
      <LastAction entry={inquiry.lastAction} labels={AUDIT_ACTION_LABELS} />

      <FormNotice errors={[...formErrorsOf(reply.data), ...formErrorsOf(complete.data)]} />
      <ToastMessage toast={replied} className="" />
      <ToastMessage toast={completed} className="" />

      <div className="flex flex-wrap gap-2">
        {open ? (
          <button
            type="button"
            className={replyOpen ? adminSecondaryButtonClass : adminButtonClass}
            aria-expanded={replyOpen}
            aria-controls={`reply-box-${inquiry.id}`}
            onClick={() => setReplyOpen((was) => !was)}
          >
            {replyOpen ? "إغلاق الرد" : "رد"}
          </button>
        ) : null}
        <button type="button" className={adminSecondaryButtonClass} onClick={() => setHelpOpen(true)}>
          طلب مساعدة
        </button>
        {/* Issue 32: the scheduling form, with this inquiry's client and offer filled in. */}
        <Link to={`/admin/viewings/new?inquiry=${inquiry.id}`} className={adminSecondaryButtonClass}>
          حجز معاينة
        </Link>
        {open ? (
          <complete.Form method="post">
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="id" value={inquiry.id} />
            <button type="submit" className="rounded-xl px-4 py-2 font-bold text-emerald-800 ring-1 ring-emerald-300 hover:bg-emerald-50" disabled={complete.state !== "idle"}>
              إكمال
            </button>
          </complete.Form>
        ) : null}
      </div>
      {open && replyOpen ? (
        <div id={`reply-box-${inquiry.id}`} className="border-t border-stone-200 pt-3">
          <ReplyForm inquiry={inquiry} fetcher={reply} onMethod={setMethod} />
        </div>
      ) : null}
      {helpOpen ? <HelpDialog inquiry={inquiry} onClose={() => setHelpOpen(false)} /> : null}
    </RecordCard>
  );
}
