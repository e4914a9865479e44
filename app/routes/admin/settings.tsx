import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { CodeRequest } from "~/modules/auth/components/reauth.tsx";
import { reauthView } from "~/modules/auth/reauth.server.ts";
import { LookupLists } from "~/modules/lookups/components/lookup-lists.tsx";
import { listLookupsForAdmin } from "~/modules/lookups/lookups-admin.server.ts";
import { AdLicenceSettingsForm, AvailabilitySettingsForm, FirmDetailsForm, MapSettingsForm, NotificationsForm } from "~/modules/settings/components/settings-forms.tsx";
import { settingsFormValues } from "~/modules/settings/settings-admin.server.ts";
import { handleSettingsPost, refuseSettingsPost } from "~/modules/settings/settings-action.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import { regaClientOf } from "~/modules/ad-licences/index.server.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { ClientRulesForm } from "~/modules/clients/components/client-rules-form.tsx";
import { clientRulesView, handleClientRulesPost } from "~/modules/clients/rules-action.server.ts";
import { FREEZE_INTENTS, handleFreezePost, loadRentFreezes } from "~/modules/leases/index.server.ts";
import { RentFreezes } from "~/modules/leases/components/rent-freezes.tsx";
import { PmRulesForm } from "~/modules/rent/components/pm-rules-form.tsx";
import { getRentRules, handlePmRulesPost } from "~/modules/rent/index.server.ts";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "settings");
  const services = context.get(servicesContext);
  const [settings, lookups, reauth, clientRules, rentFreezes, pmRules] = await Promise.all([
    getSettings(services.db),
    listLookupsForAdmin(services.db),
    reauthView(services, user),
    clientRulesView(services.db),
    loadRentFreezes(services.db),
    getRentRules(services.db),
  ]);
  // Moving the manager's e-mail or WhatsApp needs the current password, or an SMS code for someone without one.
  // Whether REGA's ad licence verification is configured on this server (decision 047): said in the ad licence section.
  const rega = { on: regaClientOf(services.env).configured, firmId: settings.commercialRegistration !== "" };
  return { values: settingsFormValues(settings), lookups, tileUrl: settings.mapTileUrl, reauth, rega, clientRules, rentFreezes, pmRules };
}

/** Managers only (the settings section), checked here again, not only by the guard's path. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "settings");
  const read = await readForm(request, context);
  if (!read.ok) return refuseSettingsPost(read);
  const services = context.get(servicesContext);
  // The clients pipeline's rules: saved by the clients module (issue 32).
  if (read.form.get("intent") === "clientRules") return handleClientRulesPost(services, user, read.form);
  // The cities' rent freezes: the leases module (issue 33).
  const intent = read.form.get("intent");
  if (typeof intent === "string" && (Object.values(FREEZE_INTENTS) as string[]).includes(intent)) return handleFreezePost(services, user, read.form);
  // The property-management rules: saved by the rent module (issue 33, decision 053).
  if (read.form.get("intent") === "pmRules") return handlePmRulesPost(services, user, read.form);
  const sessionToken = readCookie(request, cookieSettings(services.env).session);
  return handleSettingsPost(services, user, read.form, { sessionToken, address: context.get(clientAddressContext) });
}

const SECTIONS = [
  { id: "notifications", title: "الإشعارات والتقارير" },
  { id: "firm", title: "بيانات المنشأة" },
  { id: "ad-licence", title: "ترخيص الإعلانات" },
  { id: "availability", title: "تأكيد توفر العروض" },
  { id: "map", title: "الخريطة" },
  { id: "lookups", title: "القوائم" },
  { id: "clients", title: "العملاء" },
  { id: "property-management", title: "إدارة الأملاك" },
  { id: "rent-freezes", title: "تجميد الإيجارات" },
] as const;

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { values, lookups, tileUrl, reauth, rega, clientRules, rentFreezes, pmRules } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">الإعدادات</h1>
      <nav aria-label="أقسام الإعدادات" className="flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}-title`}
            className="rounded-full bg-white px-4 py-1.5 font-bold text-brand-800 shadow-sm ring-1 ring-stone-200 hover:bg-brand-50"
          >
            {section.title}
          </a>
        ))}
        <Link to="/admin/settings/staff" className="rounded-full bg-brand-700 px-4 py-1.5 font-bold text-white shadow-sm hover:bg-brand-800">
          فريق العمل
        </Link>
      </nav>
      <CodeRequest view={reauth} need="لتغيير بريد المدير أو رقم واتساب المدير" />
      <Section id="notifications" title="الإشعارات والتقارير">
        <NotificationsForm values={values.notifications} reauth={reauth} />
      </Section>
      <Section id="firm" title="بيانات المنشأة">
        <p className="mb-4 text-sm leading-7 text-stone-700">تظهر في تذييل الموقع وصفحة «تواصل معنا» ولمحركات البحث. ما يُترك فارغًا لا يظهر.</p>
        <FirmDetailsForm values={values.firm} tileUrl={tileUrl} />
      </Section>
      <Section id="ad-licence" title="ترخيص الإعلانات">
        <p className="mb-4 rounded-xl bg-stone-50 p-3 text-sm leading-7 text-stone-800 ring-1 ring-stone-200" data-testid="rega-status">
          {rega.on
            ? rega.firmId
              ? "التحقق من التراخيص لدى الهيئة العامة للعقار مفعّل: يتحقق نموذج العرض من كل ترخيص جديد، وتُراجَع تراخيص العروض المنشورة كل ليلة. تسأل المنصة عن التراخيص برقم السجل التجاري للمنشأة."
              : "التحقق من التراخيص لدى الهيئة العامة للعقار مفعّل، لكنه يحتاج رقم السجل التجاري للمنشأة: أدخله في «بيانات المنشأة»."
            : "التحقق من التراخيص لدى الهيئة العامة للعقار غير مفعّل على هذا الخادم: يفعّله مسؤول الخادم بضبط عنوان منصة الهيئة وبيانات الربط. حتى ذلك الحين تُدخَل بيانات الترخيص يدويًا ولا تُراجَع كل ليلة."}
        </p>
        <AdLicenceSettingsForm values={values.adLicence} />
      </Section>
      <Section id="availability" title="تأكيد توفر العروض">
        <AvailabilitySettingsForm values={values.availability} />
      </Section>
      <Section id="map" title="الخريطة">
        <MapSettingsForm values={values.map} />
      </Section>
      <Section id="lookups" title="القوائم">
        <LookupLists lookups={lookups} />
      </Section>
      <Section id="clients" title="العملاء">
        <ClientRulesForm rules={clientRules.rules} cities={clientRules.cities} staff={clientRules.staff} />
      </Section>
      <Section id="property-management" title="إدارة الأملاك">
        <PmRulesForm rules={pmRules} />
      </Section>
      <Section id="rent-freezes" title="تجميد الإيجارات">
        <RentFreezes freezes={rentFreezes.freezes} cities={rentFreezes.cities} />
      </Section>
      <Section id="staff" title="فريق العمل">
        <p className="mb-3 leading-7 text-stone-700">إضافة الموظفين وتغيير أدوارهم وإيقاف حساباتهم.</p>
        <Link to="/admin/settings/staff" className="inline-block rounded-xl px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50">
          إدارة فريق العمل
        </Link>
      </Section>
    </div>
  );
}
