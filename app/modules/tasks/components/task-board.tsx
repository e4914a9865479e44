import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { useId, useState, type FormEvent } from "react";
import { Link, useFetchers, useLocation, useSubmit } from "react-router";
import { AdminDialog } from "~/components/admin/dialog.tsx";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { DecisionDialog } from "~/modules/tasks/components/decision-dialog.tsx";
import { TRANSACTION_TYPE_LABELS } from "~/modules/tasks/transaction-type.ts";
import { formatDateArabic, formatMoneyArabic, formatNumberArabic } from "~/utils/format.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import type { AccountRole } from "~/db/column-types.ts";
import { isTaskStatus, statusChoices, TASK_STATUS_LABELS, TASK_STATUSES, type TaskStatus } from "../status.ts";
import type { BoardCard, BoardColumn, TaskFilters } from "../task-card.ts";
import { boardHref, isOverdue, taskCountText } from "../task-view.ts";

/** One fetcher per task for its status moves, shared by the drag, the keyboard and the status dialog: its answer shows on the card. */
const MOVE_KEY_PREFIX = "task-move-";
const moveKey = (id: number) => `${MOVE_KEY_PREFIX}${id}`;

/**
 * The moves under way and the last refusal of each card, from the moves' fetchers: a card stands
 * in the column it was sent to until the page's data after the answer is in (the server's answer
 * wins); a refusal puts it back at once, and its reason stays on the card (kept here, since the
 * card may move to another column, and its fetcher go, when the board reloads) until its next move.
 */
function useMoves() {
  const fetchers = useFetchers();
  const [refused, setRefused] = useState<{ seen: ReadonlySet<unknown>; byTask: ReadonlyMap<number, string> }>({ seen: new Set(), byTask: new Map() });
  const optimistic = new Map<number, TaskStatus>();
  let next = refused;
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(MOVE_KEY_PREFIX) || (fetcher.state === "idle" && !fetcher.data)) continue;
    const id = Number(fetcher.key.slice(MOVE_KEY_PREFIX.length));
    const status = fetcher.formData?.get("status");
    if (fetcher.state === "submitting") {
      if (isTaskStatus(status)) optimistic.set(id, status);
      if (next.byTask.has(id)) next = { ...next, byTask: new Map([...next.byTask].filter(([task]) => task !== id)) };
      continue;
    }
    const refusal = moveRefusal(fetcher.data as FormReply | undefined);
    if (refusal === null) {
      if (fetcher.state === "loading" && isTaskStatus(status)) optimistic.set(id, status);
    } else if (!next.seen.has(fetcher.data)) {
      next = { seen: new Set(next.seen).add(fetcher.data), byTask: new Map(next.byTask).set(id, refusal) };
    }
  }
  if (next !== refused) setRefused(next);
  return { optimistic, refusals: next.byTask };
}

/** The refusal of a card's last move, in the server's words. */
function moveRefusal(reply: FormReply | undefined): string | null {
  if (reply?.status !== "error") return null;
  return formErrorsOf(reply)[0] ?? reply.error?.status?.[0] ?? reply.error?.id?.[0] ?? null;
}

/**
 * The arrows move a picked-up card a whole column: in reading order (right to left on a desktop,
 * top to bottom on a phone) ← and ↓ to the next status, → and ↑ to the previous one.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === "ArrowLeft" || event.code === "ArrowDown" ? 1 : event.code === "ArrowRight" || event.code === "ArrowUp" ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const order = TASK_STATUSES.filter((status) => context.droppableRects.has(status));
  const from = context.over?.id ?? (context.active?.data.current as { card?: BoardCard } | undefined)?.card?.status;
  const index = order.indexOf(from as TaskStatus);
  const target = order[Math.min(order.length - 1, Math.max(0, index + step))];
  const rect = target ? context.droppableRects.get(target) : undefined;
  const own = context.collisionRect;
  if (!rect || !own) return currentCoordinates;
  return { x: rect.left + Math.max(0, (rect.width - own.width) / 2), y: rect.top + Math.min(48, Math.max(0, rect.height - own.height)) };
};

const label = (status: unknown) => (isTaskStatus(status) ? TASK_STATUS_LABELS[status] : "");
const cardOf = (data: unknown) => (data as { card?: BoardCard } | undefined)?.card;

/**
 * What a screen reader hears while a card is moved (dnd-kit's live region, in Arabic). The column
 * the card is over when picked up is its own, said by the pick-up itself: announced again at once,
 * it would replace the pick-up before it is read.
 */
function boardAnnouncements(left: { current: boolean }): Announcements {
  return {
    onDragStart: ({ active }) => {
      left.current = false;
      return `التقطت المهمة «${cardOf(active.data.current)?.title ?? ""}» من عمود «${label(cardOf(active.data.current)?.status)}».`;
    },
    onDragOver: ({ active, over }) => {
      const own = over?.id === cardOf(active.data.current)?.status;
      if (own && !left.current) return undefined;
      left.current = true;
      return !over ? "خارج الأعمدة." : own ? `فوق عمودها الحالي «${label(over.id)}».` : `فوق عمود «${label(over.id)}».`;
    },
    onDragEnd: ({ active, over }) => {
      const card = cardOf(active.data.current);
      if (!card || !over || over.id === card.status) return `أُعيدت المهمة «${card?.title ?? ""}» إلى عمودها.`;
      return `أُفلتت المهمة «${card.title}» في عمود «${label(over.id)}»، جارٍ الحفظ…`;
    },
    onDragCancel: ({ active }) => `أُلغي نقل المهمة «${cardOf(active.data.current)?.title ?? ""}».`,
  };
}

const screenReaderInstructions = {
  draggable: "لنقل المهمة إلى حالة أخرى: اضغط مفتاح المسافة لالتقاطها، ثم الأسهم لاختيار العمود، ثم المسافة لإفلاتها، أو مفتاح الخروج للإلغاء.",
};

/**
 * The task board (issue 29): a column per status with its count, the newest cards of each; on a
 * desktop the columns side by side, on a phone one under the other (the list grouped by status).
 * A card moves by dragging its handle with the mouse, by the keyboard on the same handle, or by
 * «تغيير الحالة» (one dialog for the whole board; without JavaScript the link opens the task's page
 * and its form). Every move is the status form's post, judged by the server's rules: the card
 * shows in its new column while the answer is awaited, and the answer wins (a refusal puts it back
 * with the reason). A request awaiting approval is decided by the manager's dialog, not moved.
 */
export function TaskBoard({ columns, filters, today, role }: { columns: BoardColumn[]; filters: TaskFilters; today: string; role: AccountRole }) {
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const { optimistic, refusals } = useMoves();
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const [editing, setEditing] = useState<BoardCard | null>(null);
  const [deciding, setDeciding] = useState<number | null>(null);
  // Whether the card picked up has left its own column yet: state of the drag, not of the page.
  const [announcements] = useState(() => boardAnnouncements({ current: false }));
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }));

  function move(card: BoardCard, status: TaskStatus) {
    if (status === card.status) return;
    void submit({ intent: "status", id: String(card.id), status }, { method: "post", action: `${pathname}${search}`, navigate: false, fetcherKey: moveKey(card.id) });
  }

  // Each card where its move (sent, not yet answered) puts it; then in its column's order.
  const all = columns.flatMap((column) => column.cards);
  const shown = new Map<TaskStatus, Array<BoardCard & { pending?: boolean }>>(columns.map((column) => [column.status, []]));
  for (const card of all) {
    const status = optimistic.get(card.id) ?? card.status;
    (shown.get(status) ?? shown.get(card.status))?.push(optimistic.has(card.id) ? { ...card, status, pending: true } : card);
  }
  const decidingCard = role === "manager" ? (all.find((card) => card.id === deciding && card.status === "Awaiting Approval") ?? null) : null;

  return (
    <DndContext
      id="task-board"
      sensors={sensors}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={(event: DragStartEvent) => setDragging(cardOf(event.active.data.current) ?? null)}
      onDragCancel={() => setDragging(null)}
      onDragEnd={(event: DragEndEvent) => {
        setDragging(null);
        const card = cardOf(event.active.data.current);
        if (card && isTaskStatus(event.over?.id)) move(card, event.over.id);
      }}
    >
      <div className="grid gap-4 lg:auto-cols-[17rem] lg:grid-flow-col lg:overflow-x-auto lg:pb-3" data-testid="task-board" role="region" aria-label="لوحة المهام" tabIndex={-1}>
        {columns.map((column) => (
          <TaskColumn
            key={column.status}
            column={column}
            cards={shown.get(column.status) ?? []}
            filters={filters}
            today={today}
            role={role}
            refusals={refusals}
            onEdit={setEditing}
            onDecide={(card) => setDeciding(card.id)}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging ? <p className="w-full rounded-xl bg-white p-3 font-bold text-stone-900 shadow-lg ring-2 ring-brand-500">{dragging.title}</p> : null}
      </DragOverlay>
      {editing ? (
        <StatusDialog
          card={editing}
          role={role}
          onClose={() => setEditing(null)}
          onSave={(status) => {
            move(editing, status);
            setEditing(null);
          }}
        />
      ) : null}
      {decidingCard ? (
        <DecisionDialog
          request={{ id: decidingCard.id, title: decidingCard.title, amount: decidingCard.amount, transactionType: decidingCard.transactionType, requester: null }}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </DndContext>
  );
}

function TaskColumn({
  column,
  cards,
  filters,
  today,
  role,
  refusals,
  onEdit,
  onDecide,
}: {
  column: BoardColumn;
  cards: Array<BoardCard & { pending?: boolean }>;
  filters: TaskFilters;
  today: string;
  role: AccountRole;
  refusals: ReadonlyMap<number, string>;
  onEdit: (card: BoardCard) => void;
  onDecide: (card: BoardCard) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const headingId = `${useId()}-heading`;
  const more = column.count - column.cards.length;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid="task-column"
      data-status={column.status}
      className={`grid content-start gap-3 rounded-2xl bg-stone-200/60 p-3 ${isOver ? "ring-2 ring-brand-500" : ""}`}
    >
      <h2 id={headingId} className="flex items-center justify-between gap-2 font-bold text-stone-900">
        <span data-testid="task-status">{TASK_STATUS_LABELS[column.status]}</span>
        <span className="rounded-full bg-white px-2.5 py-0.5 text-sm text-stone-700" data-testid="task-column-count">
          {taskCountText(column.count)}
        </span>
      </h2>
      {cards.length ? (
        <ul className="grid min-h-16 content-start gap-2">
          {cards.map((card) => (
            <TaskBoardCard key={card.id} card={card} today={today} role={role} refusal={refusals.get(card.id) ?? null} onEdit={onEdit} onDecide={onDecide} />
          ))}
        </ul>
      ) : (
        <p className="min-h-16 text-sm text-stone-600">لا توجد مهام هنا.</p>
      )}
      {more > 0 && !filters.status ? (
        <Link to={boardHref({ ...filters, status: column.status, page: 1 })} className="text-sm font-bold text-brand-800 underline">
          عرض الكل ({formatNumberArabic(column.count)})
        </Link>
      ) : null}
    </section>
  );
}

function TaskBoardCard({
  card,
  today,
  role,
  refusal,
  onEdit,
  onDecide,
}: {
  card: BoardCard & { pending?: boolean };
  today: string;
  role: AccountRole;
  refusal: string | null;
  onEdit: (card: BoardCard) => void;
  onDecide: (card: BoardCard) => void;
}) {
  const pending = card.pending ?? false;
  // A card on its way to another column waits for the answer before it moves again.
  const choices = pending ? [] : statusChoices(role, card);
  const movable = choices.length > 0;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.id, data: { card }, disabled: !movable, attributes: { roleDescription: "مهمة قابلة للنقل" } });
  // A <button> is a focusable button already: dnd-kit's role, tabindex and aria-disabled (the handle
  // is not drawn when the card cannot move) would only repeat it on every card of the page.
  const { role: _role, tabIndex: _tabIndex, "aria-disabled": _disabled, ...handleAttributes } = attributes;
  const titleId = `${useId()}-t`;
  const overdue = isOverdue(card, today);
  return (
    <li
      className={`task-card${isDragging ? " opacity-50" : ""}${pending ? " animate-pulse" : ""}`}
      data-testid="task-card"
      aria-labelledby={titleId}
      aria-busy={pending || undefined}
    >
      <div className="task-card-head">
        <h3 id={titleId} className="task-card-title">
          <Link to={`/admin/tasks/${card.id}`} className="underline">
            <bdi>{card.title}</bdi>
          </Link>
        </h3>
        {movable ? (
          <button type="button" ref={setNodeRef} {...handleAttributes} {...listeners} aria-label={`نقل «${card.title}»`} className="task-card-handle">
            <span aria-hidden="true">⠿</span>
          </button>
        ) : null}
      </div>
      {role === "manager" && card.assigneeName ? <bdi>{card.assigneeName}</bdi> : null}
      <p className="task-card-dates">
        <time dateTime={card.createdAt}>{formatDateArabic(card.createdAt)}</time>
        {card.late ? <span className="rounded-full bg-red-700 px-2 text-xs font-bold text-white">متأخرة</span> : null}
        {card.dueDate ? (
          <span className={overdue ? "font-bold text-red-700" : ""} data-overdue={overdue || undefined}>
            الاستحقاق {formatDateArabic(`${card.dueDate}T12:00:00`)}
            {overdue ? " (فات موعدها)" : ""}
          </span>
        ) : null}
      </p>
      {card.amount != null ? (
        <p className="font-bold">
          {formatMoneyArabic(card.amount)}
          {card.transactionType ? ` (${TRANSACTION_TYPE_LABELS[card.transactionType]})` : ""}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-lg bg-red-50 p-2 font-bold text-red-800">
          لم تُنقل المهمة: {refusal}
        </p>
      ) : null}
      {card.status === "Awaiting Approval" ? (
        role === "manager" ? (
          <button type="button" className="task-card-action" onClick={() => onDecide(card)}>
            اعتماد أو رفض
          </button>
        ) : (
          <p className="font-bold text-amber-900">بانتظار موافقة المدير</p>
        )
      ) : movable ? (
        <a
          href={`/admin/tasks/${card.id}#status`}
          className="task-card-action"
          onClick={(event) => {
            event.preventDefault();
            onEdit(card);
          }}
        >
          تغيير الحالة
        </a>
      ) : null}
    </li>
  );
}

/** The board's one status control: the task's current status shown first, the statuses it may move to now, and «حفظ الحالة». */
function StatusDialog({ card, role, onClose, onSave }: { card: BoardCard; role: AccountRole; onClose: () => void; onSave: (status: TaskStatus) => void }) {
  const selectId = useId();
  const choices = statusChoices(role, card);
  const values = TASK_STATUSES.filter((status) => status === card.status || choices.includes(status));
  const labels = { ...TASK_STATUS_LABELS, [card.status]: `${TASK_STATUS_LABELS[card.status]} (الحالية)` };
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const status = new FormData(event.currentTarget).get("status");
    if (isTaskStatus(status) && status !== card.status) onSave(status);
    else onClose();
  }
  return (
    <AdminDialog title="تغيير حالة المهمة" size="narrow" onClose={onClose}>
      <p className="mb-3 font-bold text-stone-800">
        <bdi>{card.title}</bdi>
      </p>
      <form onSubmit={save} className="grid gap-3">
        <label htmlFor={selectId} className="text-sm font-bold text-stone-700">
          الحالة
        </label>
        <select id={selectId} name="status" defaultValue={card.status} className={inputClass}>
          <Options values={values} labels={labels} />
        </select>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={adminButtonClass}>
            حفظ الحالة
          </button>
          <button type="button" className={adminSecondaryButtonClass} onClick={onClose}>
            إلغاء
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
