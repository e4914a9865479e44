import { useId, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Fact } from "~/components/admin/record-card.tsx";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import { controlProps, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { useAppForm, useClearAfterSave } from "~/components/forms/use-app-form.ts";
import { DecisionDialog } from "~/modules/tasks/components/decision-dialog.tsx";
import { ReceiptPhoto } from "~/components/ui/receipt-photo.tsx";
import { TRANSACTION_TYPE_LABELS } from "~/modules/tasks/transaction-type.ts";
import { formatDateArabic, formatDateTimeArabic, formatMoneyArabic } from "~/utils/format.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { TASK_STATUS_LABELS, TASK_STATUSES, type TaskStatus } from "../status.ts";
import type { TaskCard } from "../task-card.ts";
import { taskStatusSchema } from "../task-schema.ts";
import { isOverdue, type TaskLinks } from "../task-view.ts";
import { replyIntent } from "./create-task-form.tsx";

/** Each status its colour (white or dark text on it, readable at the badge's size). */
const STATUS_TONES: Record<TaskStatus, string> = {
  Pending: "bg-yellow-300 text-yellow-950",
  "In Progress": "bg-blue-700 text-white",
  "Awaiting Info": "bg-orange-200 text-orange-950",
  "Finance Request": "bg-violet-700 text-white",
  Completed: "bg-emerald-700 text-white",
  Cancelled: "bg-stone-600 text-white",
  "Awaiting Approval": "bg-amber-200 text-amber-950",
  Rejected: "bg-red-700 text-white",
};

function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <span className={`rounded-full px-3 py-0.5 text-sm font-bold whitespace-nowrap ${STATUS_TONES[status]}`} data-testid="task-status">
      {TASK_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * A card's status menu: the task's current status, shown selected, and the statuses the viewer may
 * move it to now (saved unchanged, the server says so and changes nothing). A plain form post without
 * JavaScript; with it a fetcher, whose refusal shows here, under the menu. A choice not yet saved
 * stays when the board refreshes live (someone else's change shows in the badge), and asks before
 * the page is left.
 */
function StatusForm({ task, pageReply }: { task: TaskCard; pageReply: FormReply | undefined }) {
  const fetcher = useFetcher<FormReply>();
  const mine = replyIntent(pageReply) === "status" && String((pageReply?.initialValue as Record<string, unknown> | undefined)?.id) === String(task.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = chosen ?? task.status;
  const [form, fields] = useAppForm({
    id: `task-status-${task.id}`,
    schema: taskStatusSchema,
    lastResult: fetcher.data ?? (mine ? pageReply : undefined),
    ownChanges: shown !== task.status,
  });
  useClearAfterSave(fetcher, () => setChosen(null));
  const select = controlProps(fields.status);
  const values = TASK_STATUSES.filter((status) => status === task.status || task.statusChoices.includes(status));
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={task.id} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={select.id} className="text-sm font-bold text-stone-700">
          تغيير الحالة
        </label>
        <select
          {...select}
          defaultValue={undefined}
          value={shown}
          data-unsaved="own"
          onChange={(event) => setChosen(event.currentTarget.value === task.status ? null : event.currentTarget.value)}
          className={`${inputClass.replace("w-full", "w-auto")} min-w-40 py-2`}
        >
          <Options values={values} labels={TASK_STATUS_LABELS} />
        </select>
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-xl px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50 disabled:opacity-60"
        >
          {fetcher.state !== "idle" ? "جارٍ الحفظ…" : "حفظ الحالة"}
        </button>
      </div>
      {fields.status.errors ? (
        <p id={fields.status.errorId} className="text-sm font-bold text-red-700">
          {fields.status.errors[0]}
        </p>
      ) : null}
      <FormNotice id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

/** The receipt photo of a finance request: a thumbnail that opens large. */
/**
 * One task, on the board or on its own page: what it is, who holds it and who gave it, its times,
 * its due date (red once passed while open), the late marker, the amount of a finance request and
 * its receipt, the manager's notes or reason, its links (the inquiry's card and the offer's form
 * for those allowed them), and what the viewer may do: the status menu, or while it awaits
 * approval the note that the manager decides, with «اعتماد أو رفض» for the manager.
 */
export function TaskItem({
  task,
  links,
  today,
  pageReply,
  standalone = false,
}: {
  task: TaskCard;
  links: TaskLinks;
  today: string;
  pageReply: FormReply | undefined;
  /** On the task's own page: its title is the page's heading, and there is no link to itself. */
  standalone?: boolean;
}) {
  const id = useId();
  const [deciding, setDeciding] = useState(false);
  const overdue = isOverdue(task, today);
  const Heading = standalone ? "h1" : "h2";
  const facts: Array<[string, ReactNode]> = [
    ["المسؤول", task.assignee ? <bdi className="font-bold">{task.assignee.name}</bdi> : "غير مسندة"],
    ["أنشأها", task.creator ? <bdi>{task.creator.name}</bdi> : "—"],
    ["تاريخ الإنشاء", <time dateTime={task.createdAt}>{formatDateTimeArabic(task.createdAt)}</time>],
    ["آخر تحديث", <time dateTime={task.updatedAt}>{formatDateTimeArabic(task.updatedAt)}</time>],
  ];
  if (task.dueDate)
    facts.push([
      "تاريخ الاستحقاق",
      <time dateTime={task.dueDate} className={overdue ? "font-bold text-red-700" : ""} data-overdue={overdue || undefined}>
        {formatDateArabic(`${task.dueDate}T12:00:00`)}
        {overdue ? " (فات موعدها)" : ""}
      </time>,
    ]);
  if (task.amount != null)
    facts.push([
      "المبلغ",
      <span className="font-bold">
        {formatMoneyArabic(task.amount)}
        {task.transactionType ? ` (${TRANSACTION_TYPE_LABELS[task.transactionType]})` : ""}
      </span>,
    ]);
  if (task.inquiry)
    facts.push([
      "الاستفسار المرتبط",
      links.inquiries ? (
        <Link to={`/admin/inquiries?id=${task.inquiry.id}#inquiry-${task.inquiry.id}`} className="font-bold text-brand-800 underline">
          <bdi>{task.inquiry.name}</bdi>
        </Link>
      ) : (
        <bdi>{task.inquiry.name}</bdi>
      ),
    ]);
  if (task.offer)
    facts.push([
      "العرض المرتبط",
      links.offers ? (
        <Link to={`/admin/offers/edit/${task.offer.id}`} className="font-bold text-brand-800 underline">
          <bdi>{task.offer.title}</bdi>
        </Link>
      ) : (
        <bdi>{task.offer.title}</bdi>
      ),
    ]);

  const actions =
    task.status === "Awaiting Approval" ? (
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-bold text-amber-900">بانتظار موافقة المدير</p>
        {task.canDecide ? (
          <button type="button" className={adminButtonClass} onClick={() => setDeciding(true)}>
            اعتماد أو رفض
          </button>
        ) : null}
      </div>
    ) : task.statusChoices.length ? (
      <StatusForm task={task} pageReply={pageReply} />
    ) : null;

  const Wrapper = standalone ? "article" : "li";
  return (
    <Wrapper className={`${adminCardClass} grid gap-3`} data-testid="task-card" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={`${id}-title`} className={`font-bold ${standalone ? "text-2xl text-brand-900 sm:text-3xl" : "text-lg text-stone-900"}`}>
          {standalone ? (
            <bdi>{task.title}</bdi>
          ) : (
            <Link to={`/admin/tasks/${task.id}`} className="underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700">
              <bdi>{task.title}</bdi>
            </Link>
          )}
        </Heading>
        <div className="flex items-center gap-2">
          {task.late ? <span className="rounded-full bg-red-700 px-3 py-0.5 text-sm font-bold text-white">متأخرة</span> : null}
          <TaskStatusBadge status={task.status} />
        </div>
      </div>
      {task.description ? (
        <p className="rounded-xl bg-stone-50 p-3 leading-7 whitespace-pre-line">
          <bdi>{task.description}</bdi>
        </p>
      ) : null}
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
      </dl>
      {task.notes ? (
        <p className={`rounded-xl p-3 text-sm leading-7 whitespace-pre-line ${task.status === "Rejected" ? "bg-red-50 text-red-900" : "bg-emerald-50 text-emerald-900"}`}>
          <span className="font-bold">{task.status === "Rejected" ? "سبب الرفض: " : "ملاحظات الاعتماد: "}</span>
          <bdi>{task.notes}</bdi>
        </p>
      ) : null}
      {task.receipt ? <ReceiptPhoto image={task.receipt} title={task.title} /> : null}
      {actions ? (
        // The board's «تغيير الحالة» without JavaScript leads here.
        <div id="status" className="scroll-mt-20 border-t border-stone-200 pt-3">
          {actions}
        </div>
      ) : null}
      {deciding && task.canDecide ? (
        <DecisionDialog
          request={{ id: task.id, title: task.title, amount: task.amount, transactionType: task.transactionType, requester: task.creator?.name ?? null }}
          onClose={() => setDeciding(false)}
        />
      ) : null}
    </Wrapper>
  );
}
