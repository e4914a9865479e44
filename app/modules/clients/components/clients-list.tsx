import { Link } from "react-router";
import { ChoiceFilter, FilterActions, FilterForm, RecordFilter } from "~/components/admin/filter-form.tsx";
import { adminCardClass, adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formatDateTimeArabic } from "~/utils/format.ts";
import type { FirstAnswerState } from "../first-answer.ts";
import { CLIENT_STAGE_LABELS, CLIENT_STAGES, type ClientStage } from "../stages.ts";
import { FirstAnswerBadge } from "./first-answer-badge.tsx";

export interface ClientFiltersView {
  stage?: ClientStage;
  owner?: number;
  q?: string;
  page?: number;
}

export const isClientsFiltered = (filters: ClientFiltersView) => Boolean(filters.stage || filters.owner != null || filters.q);

/** The list's address for these filters and a page (the pager keeps the filters). */
export function clientsHref(filters: ClientFiltersView, page = filters.page ?? 1): string {
  const params = new URLSearchParams();
  if (filters.stage) params.set("stage", filters.stage);
  if (filters.owner != null) params.set("owner", String(filters.owner));
  if (filters.q) params.set("q", filters.q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/clients?${query}` : "/admin/clients";
}

/** Stage, owner (the manager's: an employee sees only their own) and a search by name or phone typed any way. */
export function ClientFiltersForm({ filters, staff }: { filters: ClientFiltersView; staff: Array<{ id: number; name: string }> }) {
  return (
    <FilterForm filters={filters} label="تصفية العملاء" className="sm:grid-cols-2 lg:grid-cols-[12rem_12rem_minmax(0,1fr)_auto] lg:items-end">
      <ChoiceFilter name="stage" label="المرحلة" value={filters.stage} values={CLIENT_STAGES} labels={CLIENT_STAGE_LABELS} />
      {staff.length ? <RecordFilter name="owner" label="المسؤول" value={filters.owner} records={staff} /> : null}
      <label className={`${adminLabelClass} ${staff.length ? "" : "lg:col-span-2"}`}>
        بحث
        <input type="search" name="q" dir="auto" defaultValue={filters.q ?? ""} placeholder="الاسم أو رقم الجوال" className={inputClass} />
      </label>
      <FilterActions filtered={isClientsFiltered(filters)} clearHref="/admin/clients" clearLabel="كل العملاء" className="sm:col-span-2 lg:col-span-1" />
    </FilterForm>
  );
}

export interface ClientRowView {
  id: number;
  name: string;
  phones: string[];
  stage: ClientStage;
  ownerName: string | null;
  lastActivityAt: string;
  firstAnswer: FirstAnswerState;
}

/** One client of the list: name (to their page), phones in their true order, stage, owner, last activity, first answer. */
export function ClientListItem({ client }: { client: ClientRowView }) {
  return (
    <li className={`${adminCardClass} grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start`} data-testid="client-row">
      <div className="grid gap-1">
        <Link to={`/admin/clients/${client.id}`} className="text-lg font-bold text-brand-900 underline-offset-4 hover:underline">
          <bdi>{client.name}</bdi>
        </Link>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-stone-700">
          {client.phones.map((phone) => (
            <IdentifierText key={phone} value={phone} />
          ))}
        </p>
        <p className="text-sm text-stone-600">
          المسؤول: <bdi className="font-bold text-stone-800">{client.ownerName ?? "لم يُسند بعد"}</bdi> · آخر نشاط {formatDateTimeArabic(client.lastActivityAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-bold text-brand-900" data-testid="client-stage">
          {CLIENT_STAGE_LABELS[client.stage]}
        </span>
        <FirstAnswerBadge state={client.firstAnswer} />
      </div>
    </li>
  );
}
