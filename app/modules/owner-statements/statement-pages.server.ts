import { Readable } from "node:stream";
import { data } from "react-router";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { replyFormError } from "~/utils/form-reply.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { monthBefore, readStatementMonth } from "./statement-math.ts";
import { canIssueStatements, canSeeStatements, STATEMENT_MESSAGES } from "./statement-view.ts";
import { issueStatement, listMonthStatements, listOwnerStatements, recordOwnerSettlement, recordPayout, statementFile, statementFileName } from "./statements.server.ts";

const REFERENCE_MAX = 60;

/** What a refused payout says, and its status. */
const PAYOUT_REFUSALS = {
  "not-found": { text: STATEMENT_MESSAGES.notFound, status: 404 },
  "already-paid": { text: STATEMENT_MESSAGES.alreadyPaid, status: 409 },
  "owner-owes": { text: STATEMENT_MESSAGES.ownerOwes, status: 409 },
} as const;

/** What a refused settlement says, and its status. */
const SETTLEMENT_REFUSALS = {
  "not-found": { text: STATEMENT_MESSAGES.notFound, status: 404 },
  "already-settled": { text: STATEMENT_MESSAGES.alreadySettled, status: 409 },
  "not-owed": { text: STATEMENT_MESSAGES.notOwed, status: 409 },
  recovered: { text: STATEMENT_MESSAGES.recovered, status: 409 },
} as const;

function requireStatementsRole(user: StaffProfile) {
  if (!canSeeStatements(user.role)) throw data(STATEMENT_MESSAGES.notAllowed, { status: 403 });
}

/** The owner page's «كشوف الحساب»: null for an employee (they never see statements). */
export async function loadOwnerStatements(db: Db, user: StaffProfile, ownerId: number) {
  if (!canSeeStatements(user.role)) return null;
  const today = riyadhDayOf(new Date());
  return { statements: await listOwnerStatements(db, ownerId), canIssue: canIssueStatements(user.role), lastMonth: monthBefore(today), currentMonth: `${today.slice(0, 7)}-01` };
}

/** /admin/statements: every owner's statement of the month in the address (the month before, unless chosen), with the totals. */
export async function loadStatementsPage({ db }: AppServices, user: StaffProfile, url: URL) {
  requireStatementsRole(user);
  const today = riyadhDayOf(new Date());
  const lastMonth = monthBefore(today);
  const asked = url.searchParams.get("month");
  const month = readStatementMonth(asked) ?? lastMonth;
  const statements = await listMonthStatements(db, month);
  const totals = statements.reduce(
    (sum, row) => ({
      collectedHalalas: sum.collectedHalalas + row.collectedHalalas,
      expensesHalalas: sum.expensesHalalas + row.expensesHalalas,
      commissionHalalas: sum.commissionHalalas + row.commissionHalalas,
      netHalalas: sum.netHalalas + row.netHalalas,
    }),
    { collectedHalalas: 0, expensesHalalas: 0, commissionHalalas: 0, netHalalas: 0 },
  );
  return {
    month,
    currentMonth: `${today.slice(0, 7)}-01`,
    monthInvalid: asked !== null && asked !== "" && readStatementMonth(asked) === null,
    statements,
    totals,
    canIssue: canIssueStatements(user.role),
  };
}

/** A text field's value ('' when missing or a file). */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Where a form's success goes back to: the owner's page or the month's list it was sent from. */
function backTo(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  return /^\/admin\/(owners\/\d{1,9}|statements(\?month=\d{4}-\d{2}(-01)?)?)$/.test(path) ? path : "/admin/statements";
}

/**
 * The statements' posts: «تسجيل الدفع للمالك» and, for a statement that left the owner owing,
 * «تسجيل سداد المالك» (the manager and the accountant; each once), and «إصدار الكشف الآن» (the
 * manager; once per owner and month, as the daily job).
 */
export async function handleStatementsPost(services: AppServices, user: StaffProfile, form: FormData) {
  requireStatementsRole(user);
  const back = backTo(form.get("back"));
  const intent = form.get("intent");
  if (intent === "payout" || intent === "settle") {
    const id = Number(form.get("statementId"));
    const reference = textOf(form, "reference").trim();
    if (!reference) return replyFormError(STATEMENT_MESSAGES.referenceRequired, form, { field: "reference" });
    if (reference.length > REFERENCE_MAX) return replyFormError(STATEMENT_MESSAGES.referenceTooLong, form, { field: "reference" });
    if (!Number.isInteger(id) || id <= 0) return replyFormError(STATEMENT_MESSAGES.notFound, form, { status: 404 });
    if (intent === "settle") {
      const result = await recordOwnerSettlement(services.db, user, id, reference);
      if (!result.ok) return replyFormError(SETTLEMENT_REFUSALS[result.reason].text, form, { status: SETTLEMENT_REFUSALS[result.reason].status });
      return redirectWithToast(back, { tone: "success", text: STATEMENT_MESSAGES.settled }, services.env);
    }
    const result = await recordPayout(services.db, user, id, reference);
    if (!result.ok) return replyFormError(PAYOUT_REFUSALS[result.reason].text, form, { status: PAYOUT_REFUSALS[result.reason].status });
    return redirectWithToast(back, { tone: "success", text: STATEMENT_MESSAGES.paidOut }, services.env);
  }
  if (intent === "issue") {
    if (!canIssueStatements(user.role)) return replyFormError(STATEMENT_MESSAGES.onlyManagerIssues, form, { status: 403 });
    const ownerId = Number(form.get("ownerId"));
    const month = readStatementMonth(textOf(form, "month"));
    if (!month) return replyFormError(STATEMENT_MESSAGES.monthInvalid, form, { field: "month" });
    if (!Number.isInteger(ownerId) || ownerId <= 0) return replyFormError(STATEMENT_MESSAGES.notManaged, form);
    const result = await issueStatement(services, ownerId, month);
    if (result.outcome === "not-managed") return replyFormError(STATEMENT_MESSAGES.notManaged, form, { field: "month" });
    if (result.outcome === "exists") return replyFormError(STATEMENT_MESSAGES.exists, form, { field: "month", status: 409 });
    return redirectWithToast(back, { tone: "success", text: STATEMENT_MESSAGES.issued }, services.env);
  }
  return replyFormError(STATEMENT_MESSAGES.notFound, form);
}

/** GET /admin/statements/:id/pdf: the statement's PDF from the file store, for the manager and the accountant. */
export async function loadStatementPdf({ db, storage }: AppServices, user: StaffProfile, id: number): Promise<Response> {
  requireStatementsRole(user);
  const file = await statementFile(db, id);
  if (!file) throw data(STATEMENT_MESSAGES.notFound, { status: 404 });
  const stored = file.pdfKey ? await storage.get(file.pdfKey) : null;
  if (!stored) throw data(STATEMENT_MESSAGES.noPdf, { status: 404 });
  return new Response(Readable.toWeb(stored.body) as ReadableStream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(stored.size),
      "Content-Disposition": `attachment; filename="${statementFileName(file.month)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
