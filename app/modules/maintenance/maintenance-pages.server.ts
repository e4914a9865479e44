import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { data } from "react-router";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { managedProperties, managedUnits } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { MAINTENANCE_MESSAGES as M, STATUS_LABELS, type MaintenanceStatus } from "./maintenance-labels.ts";
import { addRepairCost, canHandleReports, listReports, loadReport, setReportStatus } from "./maintenance-office.server.ts";

/** A record id from the address; anything else is a 404. */
export function readId(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param)) throw data(M.notFound, { status: 404 });
  return Number(param);
}

export async function loadMaintenanceList(db: Db, user: StaffProfile, url: URL) {
  const finishedPage = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  return { ...(await listReports(db, { finishedPage })), canEdit: canHandleReports(user) };
}

export async function loadMaintenancePage(db: Db, user: StaffProfile, id: number) {
  return { ...(await loadReport(db, id)), canEdit: canHandleReports(user) };
}

/** A post on a report's page: its status, or «تكلفة الإصلاح». A refusal keeps what was typed. */
export async function handleMaintenancePost(services: AppServices, user: StaffProfile, id: number, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const path = `/admin/maintenance/${id}`;
  if (text("intent") === "status") {
    const status = text("status");
    const done = await setReportStatus(services.db, user, id, status);
    if (!done.ok) return data({ error: done.error, field: done.field, values: { status } }, { status: done.status });
    return redirectWithToast(path, { tone: "success", text: `حالة البلاغ الآن: ${STATUS_LABELS[status as MaintenanceStatus]}` }, services.env);
  }
  const typed = { amount: text("amount"), description: text("description") };
  const done = await addRepairCost(services.db, user, id, typed);
  if (!done.ok) return data({ error: done.error, field: done.field, values: typed }, { status: done.status });
  return redirectWithToast(path, { tone: "success", text: "أُرسلت تكلفة الإصلاح إلى المدير العام لاعتمادها" }, services.env);
}

/** /admin/units/:unitId/maintenance-qr: the unit's report link, written out and as a QR code (SVG) to print. */
export async function loadUnitQr(services: AppServices, unitId: number) {
  const [unit] = await services.db
    .select({ label: managedUnits.label, token: managedUnits.reportToken, propertyId: managedProperties.id, propertyName: managedProperties.name, city: managedProperties.city })
    .from(managedUnits)
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .where(eq(managedUnits.id, unitId));
  if (!unit) throw data(M.notFound, { status: 404 });
  const link = new URL(`/maintenance/${unit.token}`, services.env.PUBLIC_URL).toString();
  const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { label: unit.label, propertyId: unit.propertyId, propertyName: unit.propertyName, city: unit.city, link, svg };
}
