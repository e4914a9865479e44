import type { Db } from "~/db/client.server.ts";
import { listTasks } from "~/modules/tasks/index.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { riyadhMonthOf, type AwaitingRequest } from "./finance-view.ts";
import { firstLedgerMonth, listActiveManagers, listMyRequests, listTransactions, parseFinanceFilters } from "./finance.server.ts";

/** How many of their own requests the accountant sees in «طلباتي» (the page says so when there are that many). */
const MY_REQUESTS_SHOWN = 20;

/**
 * The finance page's data: the transactions under the address's filters (month — the current one
 * unless the address names another or all —, type, page) and the month picker's range, with
 * the period's totals; for the manager the requests awaiting approval (the first page of them and
 * how many in all), for the accountant the managers who may approve and their own requests.
 */
export async function loadFinancePage(db: Db, viewer: StaffProfile, url: URL, now = new Date()) {
  const filters = parseFinanceFilters(url.searchParams, now);
  const common = { filters, currentMonth: riyadhMonthOf(now), firstMonth: await firstLedgerMonth(db) };
  if (viewer.role === "manager") {
    const [ledger, awaiting] = await Promise.all([listTransactions(db, viewer, filters), listTasks(db, viewer, { status: "Awaiting Approval", page: 1 })]);
    const requests = awaiting.tasks.map((task): AwaitingRequest => ({
      id: task.id,
      title: task.title,
      amount: task.amount,
      transactionType: task.transactionType,
      requester: task.creator?.name ?? null,
      notes: task.description,
      receipt: task.receipt,
      createdAt: task.createdAt,
    }));
    return { ...common, role: "manager" as const, ledger, awaiting: { requests, total: awaiting.total } };
  }
  const [ledger, managers, requests] = await Promise.all([listTransactions(db, viewer, filters), listActiveManagers(db), listMyRequests(db, viewer, MY_REQUESTS_SHOWN)]);
  return { ...common, role: "accountant" as const, ledger, managers, requests, requestsShown: MY_REQUESTS_SHOWN };
}
