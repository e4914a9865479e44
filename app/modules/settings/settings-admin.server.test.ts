import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, outgoingEmails, settings } from "~/db/schema.ts";
import { REAUTH_MESSAGES } from "~/modules/auth/messages.ts";
import { createStaffUser, setStaffPasswordHash } from "~/modules/users/users.server.ts";
import { hashPassword } from "~/utils/password.server.ts";
import { createInquiry } from "~/modules/inquiries/inquiries.server.ts";
import { queueSubmissionNotice } from "~/modules/notifications/manager-notifications.server.ts";
import type { AppServices } from "~/context.ts";
import type { Role } from "~/modules/users/roles.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { DEMO_FIRM_DETAILS } from "../../../demo/content.ts";
import { seedDemoFirmDetails } from "../../../demo/seed.server.ts";
import { readForm } from "../../../tests/factories/form-answer.ts";
import { setSettings, settingsPage } from "../../../tests/factories/settings.ts";
import { STORED_SUBMISSION } from "../../../tests/factories/submissions.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { firmContacts, firmContactsHtml, firmJsonLd } from "./firm-details.server.tsx";
import { firmDetailsSchema, formatHourArabic, notificationsSchema, SETTINGS_MESSAGES } from "./settings-schema.ts";
import { getSettings, invalidateSettings } from "./settings.server.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });

const member = (role: Role, id = 1): StaffProfile => ({ id, name: "عضو", username: `member${id}`, email: "", phone: "+966500000000", role, active: true });

beforeEach(async () => {
  await setSettings(db(), { managerEmail: "old@example.sa" });
});

/** The manager, a real row with a password: a settings save names its author, and moving the manager's contact asks for the password. */
let manager: StaffProfile;
const PASSWORD = "كلمة-سر-المدير-1";
beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "المدير العام", username: "boss.settings", phone: "0551119001", role: "manager" });
  await setStaffPasswordHash(db(), manager.id, await hashPassword(PASSWORD));
});

const adminSettings = settingsPage(db, env);
/** Posts to the settings page's action as the guard hands it on (this member signed in); a thrown redirect is returned. */
const post = (role: Role, fields: Record<string, string>) => adminSettings.post(role === "manager" ? manager : member(role), fields);

const NOTIFICATIONS = {
  intent: "notifications",
  managerEmail: "new.manager@example.sa",
  managerWhatsapp: "0551234567",
  dailyEmailReport: "on",
  dailyReportHour: "9",
  currentPassword: PASSWORD,
};

describe("the settings page is the manager's alone", () => {
  it("an accountant's or an employee's post and page go to /admin and change nothing; the manager's saves", async () => {
    for (const role of ["accountant", "staff"] as const) {
      const answer = await post(role, NOTIFICATIONS);
      expect([answer.status, answer.location]).toEqual([302, "/admin"]);
      await expect(adminSettings.load(member(role))).rejects.toMatchObject({ status: 302 });
    }
    expect((await db().select().from(settings))[0]!.managerEmail).toBe("old@example.sa");

    const saved = await post("manager", NOTIFICATIONS);
    expect([saved.status, saved.location, saved.toast]).toEqual([302, "/admin/settings", { tone: "success", text: SETTINGS_MESSAGES.notificationsSaved }]);
    expect((await db().select().from(settings))[0]).toMatchObject({
      managerEmail: "new.manager@example.sa",
      managerWhatsapp: "966551234567",
      dailyEmailReport: true,
      dailyWhatsappReport: false,
      dailyReportHour: 9,
    });
  });

  it("the next inquiry and owner's request are mailed to the new address at once (the cached settings are dropped)", async () => {
    const recipients = async () => (await db().select({ to: outgoingEmails.recipient }).from(outgoingEmails).orderBy(outgoingEmails.id)).map((r) => r.to);
    const notice = { name: "ريم", phone: "+966551112233", email: "", message: "", propertyId: undefined, propertyTitle: "" };
    await createInquiry(db(), notice);
    expect(await recipients()).toEqual(["old@example.sa"]);

    await post("manager", { ...NOTIFICATIONS, managerEmail: "changed@example.sa" });
    await createInquiry(db(), notice);
    await db().transaction((tx) => queueSubmissionNotice(tx, { id: 1, ...STORED_SUBMISSION, goalLabel: "", photoCount: 1 }));
    expect(await recipients()).toEqual(["old@example.sa", "changed@example.sa", "changed@example.sa"]);
  });

  it("a read that began before a save (another instance's, heard mid-read) is not cached after it", async () => {
    invalidateSettings();
    // A read whose answer comes late: the row as it was before the save.
    const before = (await db().select().from(settings))[0]!;
    let answer: (rows: Array<typeof before>) => void = () => undefined;
    const slowDb = { select: () => ({ from: () => ({ where: () => new Promise((resolve) => (answer = resolve)) }) }) } as unknown as AppServices["db"];
    const reading = getSettings(slowDb);
    await db().update(settings).set({ managerEmail: "elsewhere@example.sa" }).where(eq(settings.id, 1));
    invalidateSettings(); // what the other instance's announcement does here
    answer([before]);
    expect((await reading).managerEmail).toBe("old@example.sa");
    expect((await getSettings(db())).managerEmail).toBe("elsewhere@example.sa");
  });

  it("«12345» as the firm's phone or a WhatsApp number is refused under its field and saves nothing", async () => {
    const before = await getSettings(db());
    const firm = await post("manager", { intent: "firm", companyPhone: "12345", companyWhatsapp: "12345" });
    expect(firm.status).toBe(400);
    expect(firm.errors).toEqual({ companyPhone: [SETTINGS_MESSAGES.phoneInvalid], companyWhatsapp: [SETTINGS_MESSAGES.whatsappInvalid] });
    const notifications = await post("manager", { ...NOTIFICATIONS, managerWhatsapp: "12345" });
    expect([notifications.status, notifications.errors]).toEqual([400, { managerWhatsapp: [SETTINGS_MESSAGES.whatsappInvalid] }]);
    const after = await getSettings(db());
    expect([after.companyPhone, after.companyWhatsapp, after.managerWhatsapp]).toEqual([before.companyPhone, before.companyWhatsapp, before.managerWhatsapp]);
  });

  it("a refused form saves nothing and gives back what was typed, with each message under its field", async () => {
    const answer = await post("manager", { ...NOTIFICATIONS, managerEmail: "not-an-address", managerWhatsapp: "12" });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual({ managerEmail: [MESSAGES.emailInvalid], managerWhatsapp: [SETTINGS_MESSAGES.whatsappInvalid] });
    expect(answer.initialValue).toMatchObject({ managerEmail: "not-an-address" });
    expect((await getSettings(db())).managerEmail).toBe("old@example.sa");
    const unknown = await post("manager", { intent: "archive" });
    expect([unknown.status, unknown.errors[""]]).toEqual([400, [MESSAGES.badRequest]]);
  });
});

describe("notifications: e-mail, WhatsApp, daily reports and their hour", () => {
  it("the manager's e-mail is required and must be an address", () => {
    expect(readForm(notificationsSchema, { ...NOTIFICATIONS, managerEmail: "" }).errors).toEqual({ managerEmail: [MESSAGES.emailRequired] });
    expect(readForm(notificationsSchema, { ...NOTIFICATIONS, managerEmail: "manager@" }).errors).toEqual({ managerEmail: [MESSAGES.emailInvalid] });
  });

  it("WhatsApp numbers follow the one phone rule (a mobile, at home or abroad) and are stored without + or 00", () => {
    const whatsapp = (typed: string) => readForm(notificationsSchema, { ...NOTIFICATIONS, managerWhatsapp: typed });
    for (const typed of ["+966 55 123 4567", "00966551234567", "0551234567", "551234567", "٠٥٥١٢٣٤٥٦٧", "966551234567", "\u202A+966-55-123-4567\u202C"]) {
      expect(whatsapp(typed).value, typed).toMatchObject({ managerWhatsapp: "966551234567" });
    }
    expect(whatsapp("+971 50 123 4567").value).toMatchObject({ managerWhatsapp: "971501234567" });
    expect(whatsapp("+44 7911 123456").value).toMatchObject({ managerWhatsapp: "447911123456" });
    // A Saudi or foreign landline, a unified number, too short, too long, letters.
    for (const bad of ["0112345678", "920000000", "+971 4 234 5678", "12345", "05512", "9665512345678", "abc", "0"]) {
      expect(whatsapp(bad).errors, bad).toEqual({ managerWhatsapp: [SETTINGS_MESSAGES.whatsappInvalid] });
    }
    expect(whatsapp("").value).toMatchObject({ managerWhatsapp: "" });
  });

  it("the daily WhatsApp report needs the manager's WhatsApp number; the boxes read as on or off", () => {
    const { managerWhatsapp: _none, dailyEmailReport: _off, ...rest } = NOTIFICATIONS;
    expect(readForm(notificationsSchema, { ...rest, dailyWhatsappReport: "on" }).errors).toEqual({ managerWhatsapp: [SETTINGS_MESSAGES.whatsappNeededForReport] });
    expect(readForm(notificationsSchema, rest).value).toMatchObject({ dailyEmailReport: false, dailyWhatsappReport: false });
  });

  it("the hour is a whole hour from 0 to 23", () => {
    for (const [typed, hour] of [
      ["0", 0],
      ["08", 8],
      ["23", 23],
    ] as const) {
      expect(readForm(notificationsSchema, { ...NOTIFICATIONS, dailyReportHour: typed }).value).toMatchObject({ dailyReportHour: hour });
    }
    for (const bad of ["24", "-1", "8.5", "", "1e1", "٨"]) {
      expect(readForm(notificationsSchema, { ...NOTIFICATIONS, dailyReportHour: bad }).errors, bad).toEqual({ dailyReportHour: [SETTINGS_MESSAGES.hourInvalid] });
    }
    expect([formatHourArabic(8), formatHourArabic(13)]).toEqual(["٨:٠٠ ص", "١:٠٠ م"]);
  });
});

describe("the firm's public details", () => {
  const FIRM = {
    intent: "firm",
    companyPhone: " ٠١١ ٢٣٤ ٥٦٧٨ ",
    companyWhatsapp: "+966 50 000 0000",
    companyEmail: "info@example.sa",
    companyAddress: "طريق الملك فهد، الرياض",
    workingHours: "الأحد إلى الخميس",
    commercialRegistration: "١٠١٠١٢٣٤٥٦",
    falLicence: "1200012345",
    mapLat: "24.6907",
    mapLng: "46.685",
  };

  it("saves what is typed, cleaned: phones in E.164 (WhatsApp without its +), digits in ASCII; empty fields are allowed", async () => {
    const answer = await post("manager", FIRM);
    expect([answer.status, answer.toast?.text]).toEqual([302, SETTINGS_MESSAGES.firmSaved]);
    expect(await getSettings(db())).toMatchObject({
      companyPhone: "+966112345678",
      companyWhatsapp: "966500000000",
      commercialRegistration: "1010123456",
      mapLat: 24.6907,
      mapLng: 46.685,
    });
    const emptied = await post("manager", { intent: "firm" });
    expect(emptied.status).toBe(302);
    expect(await getSettings(db())).toMatchObject({ companyPhone: "", companyWhatsapp: "", companyAddress: "", mapLat: null, mapLng: null });
  });

  it("refuses a malformed phone, registration number or a map point outside Saudi Arabia or half given", () => {
    expect(readForm(firmDetailsSchema, { ...FIRM, companyPhone: "call us" }).errors).toEqual({ companyPhone: [SETTINGS_MESSAGES.phoneInvalid] });
    expect(readForm(firmDetailsSchema, { ...FIRM, companyPhone: "12345" }).errors).toEqual({ companyPhone: [SETTINGS_MESSAGES.phoneInvalid] });
    expect(readForm(firmDetailsSchema, { ...FIRM, companyPhone: "920000000" }).value).toMatchObject({ companyPhone: "+966920000000" });
    expect(readForm(firmDetailsSchema, { ...FIRM, companyPhone: "+971 4 234 5678" }).value).toMatchObject({ companyPhone: "+97142345678" });
    expect(readForm(firmDetailsSchema, { ...FIRM, commercialRegistration: "12345" }).errors).toEqual({ commercialRegistration: [SETTINGS_MESSAGES.commercialRegistrationInvalid] });
    expect(readForm(firmDetailsSchema, { ...FIRM, falLicence: "FAL-12" }).errors).toEqual({ falLicence: [SETTINGS_MESSAGES.falLicenceInvalid] });
    expect(readForm(firmDetailsSchema, { ...FIRM, mapLat: "51.5", mapLng: "-0.12" }).errors).toEqual({
      mapLat: [SETTINGS_MESSAGES.coordinatesOutside],
      mapLng: [SETTINGS_MESSAGES.coordinatesOutside],
    });
    expect(readForm(firmDetailsSchema, { ...FIRM, mapLng: "46,6" }).errors).toEqual({ mapLng: [SETTINGS_MESSAGES.coordinateInvalid] });
    expect(readForm(firmDetailsSchema, { ...FIRM, mapLat: "٢٤٫٥", mapLng: "٤٦٫٧" }).value).toMatchObject({ mapLat: 24.5, mapLng: 46.7 });
    expect(readForm(firmDetailsSchema, { ...FIRM, mapLng: "" }).errors).toEqual({ mapLng: [SETTINGS_MESSAGES.coordinatesBoth] });
    expect(readForm(firmDetailsSchema, { ...FIRM, companyWhatsapp: "0112345678" }).errors).toEqual({ companyWhatsapp: [SETTINGS_MESSAGES.whatsappInvalid] });
  });

  it("the public list leaves out what is empty; phones and e-mail are links; the markup escapes what was typed; the JSON-LD is a RealEstateAgent", async () => {
    const site = { companyName: "شركة العقار", publicUrl: "https://aqar.example.sa" };
    const empty = await getSettings(db());
    expect([firmContacts(empty), firmContactsHtml(empty, "footer")]).toEqual([[], ""]);
    expect(firmJsonLd(empty, site)).toEqual({ "@context": "https://schema.org", "@type": "RealEstateAgent", name: "شركة العقار", url: "https://aqar.example.sa/" });

    await post("manager", { ...FIRM, companyAddress: "</script><script>alert(1)</script>" });
    const full = await getSettings(db());
    expect(firmContacts(full).map((c) => [c.label, c.href ?? null])).toEqual([
      ["الهاتف", "tel:+966112345678"],
      ["واتساب", "https://wa.me/966500000000"],
      ["البريد الإلكتروني", "mailto:info@example.sa"],
      ["العنوان", null],
      ["ساعات العمل", null],
      ["الموقع", "https://www.google.com/maps/search/?api=1&query=24.6907,46.685"],
      ["السجل التجاري", null],
      ["رخصة فال للوساطة العقارية", null],
    ]);
    // Written as dialled at home, shown by IdentifierText (Arabic-Indic digits, groups in order); dialled in E.164.
    const [phone, whatsapp] = firmContacts(full);
    expect([phone!.text, whatsapp!.text, phone!.identifier, whatsapp!.identifier]).toEqual(["011 234 5678", "050 000 0000", true, true]);

    const html = firmContactsHtml(full, "contact");
    expect(html).toContain('<h2 id="firm-contacts"');
    expect(html).toContain('<a href="tel:+966112345678" class="underline');
    expect(html).toContain('<bdo dir="ltr" class="[unicode-bidi:isolate-override] whitespace-nowrap" data-identifier="">٠١١ ٢٣٤ ٥٦٧٨</bdo>');
    expect(html).toContain('href="https://wa.me/966500000000" target="_blank" rel="noopener noreferrer"');
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;/script&gt;");

    expect(firmJsonLd(full, site)).toMatchObject({
      "@type": "RealEstateAgent",
      telephone: "+966112345678",
      email: "info@example.sa",
      address: { "@type": "PostalAddress", streetAddress: "</script><script>alert(1)</script>", addressCountry: "SA" },
      geo: { latitude: 24.6907, longitude: 46.685 },
      identifier: [
        { propertyID: "CR", value: "1010123456" },
        { propertyID: "FAL", value: "1200012345" },
      ],
    });
  });

  it("demo mode fills the details while none is given, and leaves the manager's alone", async () => {
    await db()
      .update(settings)
      .set({ companyPhone: "", companyEmail: "", companyAddress: "", commercialRegistration: "", falLicence: "", mapLat: null, mapLng: null })
      .where(eq(settings.id, 1));
    await seedDemoFirmDetails(db());
    expect((await db().select().from(settings))[0]).toMatchObject(DEMO_FIRM_DETAILS);
    await db().update(settings).set({ companyPhone: "+966920000000" }).where(eq(settings.id, 1));
    await seedDemoFirmDetails(db());
    expect((await db().select().from(settings))[0]!.companyPhone).toBe("+966920000000");
  });
});

describe("moving where notices and reports go needs re-authentication; every settings change is in the audit log", () => {
  const settingsAudit = async () =>
    (await db().select().from(auditLog).where(eq(auditLog.entity, "settings")).orderBy(auditLog.id)).map((e) => ({
      action: e.action,
      actorId: e.actorId,
      actorName: e.actorName,
      details: e.details,
    }));
  const { currentPassword: _password, ...withoutPassword } = NOTIFICATIONS;

  it("a new manager e-mail or WhatsApp without the current password, or with a wrong one, is refused under its field and changes nothing", async () => {
    await db().delete(auditLog);
    for (const change of [{ managerEmail: "thief@example.sa" }, { managerWhatsapp: "0559998887" }]) {
      const missing = await post("manager", { ...withoutPassword, managerEmail: "old@example.sa", managerWhatsapp: "", ...change });
      expect([missing.status, missing.errors]).toEqual([400, { currentPassword: [REAUTH_MESSAGES.currentPasswordRequired] }]);
      const wrong = await post("manager", { ...withoutPassword, managerEmail: "old@example.sa", managerWhatsapp: "", ...change, currentPassword: "ليست-هي" });
      expect([wrong.status, wrong.errors]).toEqual([400, { currentPassword: [REAUTH_MESSAGES.currentPasswordWrong] }]);
      // What was typed stays, never the password.
      expect(wrong.initialValue).toMatchObject(change);
      expect(wrong.initialValue).not.toHaveProperty("currentPassword");
    }
    expect((await db().select().from(settings))[0]).toMatchObject({ managerEmail: "old@example.sa" });
    expect(await settingsAudit()).toEqual([]);
  });

  it("with the password it is saved and audited: each field changed, old and new, who; the hour alone needs no password", async () => {
    await db().delete(auditLog);
    await db().update(settings).set({ managerWhatsapp: "", dailyReportHour: 8, dailyEmailReport: true, dailyWhatsappReport: false }).where(eq(settings.id, 1));
    invalidateSettings();
    const saved = await post("manager", NOTIFICATIONS);
    expect([saved.status, saved.toast]).toEqual([302, { tone: "success", text: SETTINGS_MESSAGES.notificationsSaved }]);
    const hourOnly = await post("manager", { ...withoutPassword, dailyReportHour: "10" });
    expect(hourOnly.status).toBe(302);
    expect(await settingsAudit()).toEqual([
      {
        action: "settings-change",
        actorId: manager.id,
        actorName: "المدير العام",
        details: {
          changes: {
            managerEmail: { from: "old@example.sa", to: "new.manager@example.sa" },
            managerWhatsapp: { from: "", to: "966551234567" },
            dailyReportHour: { from: 8, to: 9 },
          },
        },
      },
      { action: "settings-change", actorId: manager.id, actorName: "المدير العام", details: { changes: { dailyReportHour: { from: 9, to: 10 } } } },
    ]);
    // A save that changes nothing leaves no entry; the firm's details are audited the same way.
    await post("manager", { ...withoutPassword, dailyReportHour: "10" });
    await post("manager", { intent: "firm", companyAddress: "الرياض، حي الملقا" });
    const entries = await settingsAudit();
    expect(entries).toHaveLength(3);
    expect(entries[2]!.details).toMatchObject({ changes: { companyAddress: { to: "الرياض، حي الملقا" } } });
  });
});
