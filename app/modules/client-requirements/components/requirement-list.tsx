import { useFetcher } from "react-router";
import { adminCardClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { requirementLines, type RequirementChoices, type RequirementView } from "../requirement-view.ts";
import { RequirementForm } from "./requirement-form.tsx";

/** Pause a requirement (it then matches nothing) or resume it. */
function ActiveToggle({ requirement }: { requirement: RequirementView }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="active" />
      <input type="hidden" name="id" value={requirement.id} />
      <input type="hidden" name="active" value={requirement.active ? "false" : "true"} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={adminSecondaryButtonClass}>
        {requirement.active ? "إيقاف الطلب" : "تفعيل الطلب"}
      </button>
    </fetcher.Form>
  );
}

/** A client's requirements, each read as lines, with its edit form folded under «تعديل الطلب». */
export function RequirementList({ requirements, choices }: { requirements: RequirementView[]; choices: RequirementChoices }) {
  if (!requirements.length)
    return <p className="rounded-2xl bg-white p-5 text-stone-700 shadow-sm ring-1 ring-stone-200">لا توجد طلبات لهذا العميل بعد. أضف ما يبحث عنه ليظهر عند نشر عرض يطابقه.</p>;
  return (
    <ul className="grid gap-3" aria-label="طلبات العميل">
      {requirements.map((requirement, index) => (
        <li key={requirement.id} className={`${adminCardClass} grid gap-3`} data-testid="requirement-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold text-stone-900">الطلب {formatNumberArabic(index + 1)}</h2>
            <span className={`rounded-full px-3 py-1 text-sm font-bold ${requirement.active ? "bg-emerald-100 text-emerald-900" : "bg-stone-100 text-stone-700"}`}>
              {requirement.active ? "نشط" : "موقوف"}
            </span>
          </div>
          <dl className="grid gap-1 text-sm sm:grid-cols-2">
            {requirementLines(requirement).map((line) => (
              <div key={line.label} className="flex gap-2">
                <dt className="shrink-0 text-stone-600">{line.label}:</dt>
                <dd className="font-bold text-stone-900">{line.value}</dd>
              </div>
            ))}
          </dl>
          <ActiveToggle requirement={requirement} />
          <details className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
            <summary className="cursor-pointer font-bold text-brand-800">تعديل الطلب</summary>
            <div className="mt-3">
              <RequirementForm requirement={requirement} choices={choices} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
