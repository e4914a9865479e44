import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { ContractsTable } from "~/modules/property-management/components/contracts-table.tsx";
import { ContractForm, EndContractForm, PropertyEditForm, RemoveUnitForm, UnitForm } from "~/modules/property-management/components/property-forms.tsx";
import { loadUnitLeases } from "~/modules/leases/index.server.ts";
import { UnitLease } from "~/modules/leases/components/unit-lease.tsx";
import { handlePropertyPost, loadPropertyPage, readRecordId } from "~/modules/property-management/index.server.ts";
import { PROPERTY_KIND_LABELS } from "~/modules/property-management/pm-schema.ts";
import { unitsText } from "~/modules/property-management/pm-view.ts";
import { formatArea, formatDigitsArabic } from "~/utils/format.ts";
import { roomsText } from "~/utils/count-words.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/property";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "properties");
  const page = await loadPropertyPage(context.get(servicesContext), user, readRecordId(params.id));
  // Each unit's lease in force today (the leases module, issue 33).
  const unitLeases = await loadUnitLeases(
    context.get(servicesContext).db,
    page.property.units.map((unit) => unit.id),
  );
  return { ...page, unitLeases };
}

/** A unit added, changed or removed, or a management contract added; the accountant's post is refused in the module. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "properties");
  const id = readRecordId(params.id);
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handlePropertyPost(context.get(servicesContext), user, id, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.property.name ?? "عقار"} | إدارة الأملاك` }];

export default function PropertyPage({ loaderData }: Route.ComponentProps) {
  const { property, unitTypes, cities, today, canEdit, unitLeases } = loaderData;
  const canAddUnit = canEdit && (property.kind === "building" || property.units.length === 0);
  return (
    <div className="grid min-w-0 gap-5">
      <Link to={`/admin/owners/${property.ownerId}`} className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى المالك <bdi>{property.ownerName}</bdi>
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          <bdi>{property.name}</bdi>
        </h1>
        <p className="text-stone-700">
          {PROPERTY_KIND_LABELS[property.kind]} · {property.city}، {property.neighbourhood}
          {property.address ? (
            <>
              {" · "}
              <bdi>{property.address}</bdi>
            </>
          ) : null}
        </p>
      </div>
      {canEdit ? (
        <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <summary className="cursor-pointer font-bold text-brand-800">تعديل بيانات العقار</summary>
          <div className="mt-3">
            <PropertyEditForm property={property} cities={cities} />
          </div>
        </details>
      ) : null}
      <Section id="units" title={`الوحدات (${unitsText(property.units.length)})`}>
        {property.units.length ? (
          <ul className="grid gap-3" data-testid="units">
            {property.units.map((unit) => (
              <li key={unit.id} className="grid gap-2 rounded-xl p-3 ring-1 ring-stone-200">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-bold">
                    <bdi>{unitTitle(unit.label)}</bdi> · {unit.type}
                  </p>
                  {canEdit ? <RemoveUnitForm unit={unit} /> : null}
                </div>
                <p className="text-sm text-stone-700">
                  {[unit.floor ? `الدور ${formatDigitsArabic(unit.floor)}` : null, unit.area ? formatArea(unit.area) : null, unit.rooms ? roomsText(unit.rooms) : null]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {unit.electricityMeter || unit.waterMeter ? (
                  <p className="text-sm text-stone-700">
                    {unit.electricityMeter ? (
                      <>
                        عداد الكهرباء <IdentifierText value={unit.electricityMeter} />
                      </>
                    ) : null}
                    {unit.electricityMeter && unit.waterMeter ? " · " : null}
                    {unit.waterMeter ? (
                      <>
                        عداد المياه <IdentifierText value={unit.waterMeter} />
                      </>
                    ) : null}
                  </p>
                ) : null}
                <UnitLease unitId={unit.id} lease={unitLeases[unit.id]} canEdit={canEdit} />
                {unit.offerId ? (
                  <p className="text-sm">
                    معروضة في{" "}
                    <Link to={`/offer/${unit.offerId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
                      <bdi>{unit.offerTitle}</bdi>
                    </Link>
                  </p>
                ) : null}
                {/* Maintenance (decision 054): the unit's report link and its QR code to print. */}
                <Link to={`/admin/units/${unit.id}/maintenance-qr`} className="justify-self-start text-sm font-bold text-brand-800 underline-offset-4 hover:underline">
                  رابط البلاغات
                </Link>
                {canEdit ? (
                  <details>
                    <summary className="cursor-pointer text-sm font-bold text-brand-800">تعديل الوحدة</summary>
                    <div className="mt-3">
                      <UnitForm unit={unit} unitTypes={unitTypes} />
                    </div>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-600">لا توجد وحدات بعد.</p>
        )}
      </Section>
      {canAddUnit ? (
        <Section id="unit-new" title="إضافة وحدة">
          <UnitForm unitTypes={unitTypes} />
        </Section>
      ) : null}
      <Section id="contracts" title="عقود الإدارة">
        <ContractsTable
          contracts={property.contracts}
          today={today}
          actions={(contract) =>
            canEdit && contract.endsOn >= today ? (
              <details>
                <summary className="cursor-pointer text-sm font-bold text-brand-800">تعديل العقد أو إنهاؤه</summary>
                <div className="mt-3 grid gap-4">
                  <ContractForm contract={contract} />
                  <EndContractForm contractId={contract.id} />
                </div>
              </details>
            ) : null
          }
        />
      </Section>
      {canEdit ? (
        <Section id="contract-new" title="إضافة عقد إدارة">
          <ContractForm />
        </Section>
      ) : null}
    </div>
  );
}
