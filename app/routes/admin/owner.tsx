import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { ContractsTable } from "~/modules/property-management/components/contracts-table.tsx";
import { OwnerForm } from "~/modules/property-management/components/owner-form.tsx";
import { PropertyForm } from "~/modules/property-management/components/property-forms.tsx";
import { ibanForReading } from "~/modules/property-management/identity-numbers.ts";
import { handleOwnerPost, loadOwnerPage, readRecordId } from "~/modules/property-management/index.server.ts";
import { OWNER_KIND_LABELS, PROPERTY_KIND_LABELS } from "~/modules/property-management/pm-schema.ts";
import { unitsText } from "~/modules/property-management/pm-view.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { OwnerStatementsSection } from "~/modules/owner-statements/components/owner-statements-section.tsx";
import { loadOwnerStatements } from "~/modules/owner-statements/index.server.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { PortalAccessSection } from "~/modules/owner-portal/index.ts";
import { loadPortalAccess } from "~/modules/owner-portal/index.server.ts";
import type { Route } from "./+types/owner";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "owners");
  const services = context.get(servicesContext);
  const id = readRecordId(params.id);
  const page = await loadOwnerPage(services, user, id);
  // Owners' statements (decision 055): null for an employee. The owners' portal (decision 056): whether this owner can sign in to it.
  return { ...page, statements: await loadOwnerStatements(services.db, user, id), portal: await loadPortalAccess(services.db, id) };
}

/** The owner's details saved, or a property of theirs added; the accountant's post is refused in the module. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "owners");
  const id = readRecordId(params.id);
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleOwnerPost(context.get(servicesContext), user, id, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.owner.name ?? "مالك"} | إدارة الأملاك` }];

export default function OwnerPage({ loaderData }: Route.ComponentProps) {
  const { owner, cities, tileUrl, today, canEdit, statements } = loaderData;
  return (
    <div className="grid min-w-0 gap-5">
      <Link to="/admin/owners" className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى الملاك
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          <bdi>{owner.name}</bdi>
        </h1>
        <p className="text-stone-700">
          {OWNER_KIND_LABELS[owner.kind]} · {owner.kind === "person" ? "رقم الهوية" : "السجل التجاري"} <IdentifierText value={owner.identityNumber} />
        </p>
        <p className="text-stone-700" data-testid="owner-bank">
          الآيبان <IdentifierText value={ibanForReading(owner.iban)} />
          {owner.bank ? ` · ${owner.bank}` : null}
        </p>
      </div>
      <Section id="owner" title="بيانات المالك">
        <OwnerForm key={owner.updatedAt.toString()} owner={owner} readOnly={!canEdit} />
      </Section>
      <Section id="properties" title="العقارات">
        {owner.properties.length ? (
          <ul className="grid gap-2">
            {owner.properties.map((property) => (
              <li key={property.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl p-3 ring-1 ring-stone-200">
                <Link to={`/admin/properties/${property.id}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
                  <bdi>{property.name}</bdi>
                </Link>
                <span className="text-sm text-stone-700">
                  {PROPERTY_KIND_LABELS[property.kind]} · {property.city}، {property.neighbourhood} · {unitsText(property.units)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-600">لا توجد عقارات لهذا المالك بعد.</p>
        )}
      </Section>
      <PortalAccessSection ownerId={owner.id} access={loaderData.portal} canEdit={canEdit} />
      <Section id="contracts" title="عقود الإدارة">
        <ContractsTable contracts={owner.contracts} today={today} showProperty />
      </Section>
      {statements ? <OwnerStatementsSection ownerId={owner.id} {...statements} /> : null}
      {canEdit ? (
        <Section id="property-new" title="إضافة عقار">
          <PropertyForm cities={cities} tileUrl={tileUrl} />
        </Section>
      ) : null}
    </div>
  );
}
