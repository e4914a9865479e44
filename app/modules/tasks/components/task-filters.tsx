import { FilterActions, FilterForm } from "~/components/admin/filter-form.tsx";
import { Pager } from "~/components/admin/pager.tsx";
import { adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { TASK_STATUS_LABELS, TASK_STATUSES } from "../status.ts";
import type { TaskFilters } from "../task-card.ts";
import { boardHref, type TaskPersonChoice } from "../task-view.ts";

/** Whether any filter narrows the board. */
export const isFiltered = (filters: TaskFilters) => Boolean(filters.status || filters.assignee != null || filters.open || filters.late || filters.q);

/**
 * The board's filters, a GET form (the address keeps them: a link, a reload, paging): the status
 * (all eight, or all), the assignee (the manager's board only), open ones only (the dashboards'
 * count), late ones only, and a search in the titles.
 */
export function TaskFilterForm({ filters, people }: { filters: TaskFilters; people: Array<TaskPersonChoice & { active: boolean }> | null }) {
  return (
    <FilterForm filters={filters} label="تصفية المهام" action="/admin/tasks" className="sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
      <div className={`${adminLabelClass} lg:w-44`}>
        <label htmlFor="task-filter-status">الحالة</label>
        <select id="task-filter-status" name="status" defaultValue={filters.status ?? ""} className={inputClass}>
          <option value="">الكل</option>
          <Options values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
        </select>
      </div>
      {people ? (
        <div className={`${adminLabelClass} lg:w-56`}>
          <label htmlFor="task-filter-assignee">المسؤول</label>
          <select id="task-filter-assignee" name="assignee" defaultValue={filters.assignee != null ? String(filters.assignee) : ""} className={inputClass}>
            <option value="">الكل</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} — {person.roleTitle}
                {person.active ? "" : " (موقوف)"}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={`${adminLabelClass} lg:min-w-56 lg:flex-1`}>
        <label htmlFor="task-filter-q">بحث في العناوين</label>
        <input id="task-filter-q" type="search" name="q" defaultValue={filters.q ?? ""} maxLength={100} placeholder="عنوان المهمة" className={inputClass} />
      </div>
      <label className="flex items-center gap-2 self-center font-bold text-stone-700 sm:self-end sm:py-2.5">
        <input type="checkbox" name="open" value="1" defaultChecked={filters.open ?? false} className="size-5 accent-brand-700" />
        المفتوحة فقط
      </label>
      <label className="flex items-center gap-2 self-center font-bold text-stone-700 sm:self-end sm:py-2.5">
        <input type="checkbox" name="late" value="1" defaultChecked={filters.late ?? false} className="size-5 accent-red-700" />
        متأخرة فقط
      </label>
      <FilterActions filtered={isFiltered(filters)} clearHref="/admin/tasks" clearLabel="مسح التصفية" className="sm:col-span-2 lg:col-span-1" />
    </FilterForm>
  );
}

/** Previous and next pages of the board, the filters kept; nothing when everything fits on one page. */
export function TaskPager({ filters, page, pageCount }: { filters: TaskFilters; page: number; pageCount: number }) {
  return <Pager label="صفحات المهام" page={page} pageCount={pageCount} href={(to) => boardHref(filters, to)} />;
}
