import { data, Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handleClientPost, refuseClientPost } from "~/modules/clients/client-action.server.ts";
import { clientDetail } from "~/modules/clients/clients-admin.server.ts";
import { EmailForm, NoteForm, OwnerForm, PhoneForm, PhoneList, StageForm } from "~/modules/clients/components/client-forms.tsx";
import { ClientNotFoundBoundary } from "~/modules/clients/components/client-not-found.tsx";
import { ClientTimeline } from "~/modules/clients/components/client-timeline.tsx";
import { FirstAnswerBadge } from "~/modules/clients/components/first-answer-badge.tsx";
import { CLIENT_STAGE_LABELS } from "~/modules/clients/index.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/client";

const clientId = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : null);

/** One client, whole; unknown, or not the viewer's (an employee sees their own): 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "clients");
  const id = clientId(params.id);
  const client = id === null ? undefined : await clientDetail(context.get(servicesContext).db, user, id);
  if (!client) throw data(null, { status: 404 });
  return { client, isManager: user.role === "manager" };
}

/** The stage, a note, a phone added or removed, the e-mail, the manager's reassignment: each checked again on the server, for this viewer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "clients");
  const read = await readForm(request, context);
  if (!read.ok) return refuseClientPost(read);
  const id = clientId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return handleClientPost(context.get(servicesContext), user, id, read.form);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.client.name} | العملاء` : "العملاء | لوحة التحكم" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ClientNotFoundBoundary error={error} />;
}

export default function ClientPage({ loaderData }: Route.ComponentProps) {
  const { client, isManager } = loaderData;
  // The page's sections, in order: later parts of the pipeline (viewings, requirements) add theirs here.
  const sections = [
    {
      id: "next",
      title: "المعاينات والطلبات",
      body: (
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/viewings/new?client=${client.id}`} className={adminButtonClass}>
            حجز معاينة
          </Link>
          <Link to={`/admin/clients/${client.id}/requirements`} className={adminSecondaryButtonClass}>
            ما يبحث عنه العميل
          </Link>
        </div>
      ),
    },
    { id: "stage", title: "تغيير المرحلة", body: <StageForm key={client.stage} stage={client.stage} reason={client.stageReason} /> },
    { id: "note", title: "إضافة ملاحظة", body: <NoteForm /> },
    {
      id: "phones",
      title: "أرقام العميل",
      body: (
        <div className="grid gap-4">
          <PhoneList phones={client.phones} />
          <PhoneForm />
        </div>
      ),
    },
    { id: "email", title: "البريد الإلكتروني", body: <EmailForm key={client.email} email={client.email} /> },
    ...(isManager ? [{ id: "owner", title: "الإسناد", body: <OwnerForm ownerId={client.ownerId} staff={client.staff} /> }] : []),
  ];
  return (
    <div className="grid gap-5">
      <Link to="/admin/clients" className="justify-self-start font-bold text-brand-800 underline">
        العودة إلى العملاء
      </Link>
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          <bdi>{client.name}</bdi>
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-bold text-brand-900" data-testid="client-stage">
            {CLIENT_STAGE_LABELS[client.stage]}
          </span>
          <FirstAnswerBadge state={client.firstAnswer} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-stone-800">
          <dt className="text-stone-600">الجوال</dt>
          <dd className="flex flex-wrap gap-x-3" data-testid="client-phones">
            {client.phones.map((phone) => (
              <IdentifierText key={phone.value} value={phone.reading} />
            ))}
          </dd>
          <dt className="text-stone-600">البريد الإلكتروني</dt>
          <dd className="wrap-anywhere">{client.email ? <bdi dir="ltr">{client.email}</bdi> : "لم يُذكر"}</dd>
          <dt className="text-stone-600">المسؤول</dt>
          <dd>
            <bdi>{client.ownerName ?? "لم يُسند بعد"}</bdi>
          </dd>
          {client.stage === "lost" && client.stageReason ? (
            <>
              <dt className="text-stone-600">سبب عدم الإتمام</dt>
              <dd>{client.stageReason}</dd>
            </>
          ) : null}
        </dl>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)] lg:items-start">
        <div className="grid gap-5">
          {sections.map((section) => (
            <Section key={section.id} id={section.id} title={section.title}>
              {section.body}
            </Section>
          ))}
        </div>
        <Section id="timeline" title="سجل العميل">
          <ClientTimeline entries={client.timeline} />
        </Section>
      </div>
    </div>
  );
}
