import crypto from "node:crypto";
import { data } from "react-router";
import type { AppServices } from "~/context.ts";
import { CODE_RULES, nextCodeWait, pendingPhoneCode } from "~/modules/auth/index.server.ts";
import { readCodeDigits } from "~/modules/auth/login-schema.ts";
import { checkFormProof } from "~/modules/form-guard/form-guard.server.ts";
import { SUBMISSION_BODY_LIMIT } from "~/utils/body-limits.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { readUpload, type UploadAnswer, type UploadRules } from "~/utils/multipart-upload.server.ts";
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_MESSAGES as M,
  MAINTENANCE_URGENCIES,
  REPORT_LIMITS,
  REPORT_PHOTOS,
  type MaintenanceCategory,
  type MaintenanceUrgency,
} from "./maintenance-labels.ts";
import { findUnitByToken, sendReportCode, submitReport } from "./maintenance.server.ts";
import type { ReportReply } from "./report-reply.ts";

/** The browser's report flow (the code it waits for), like the sign-in's cookie but its own. */
function flowCookie(env: AppServices["env"]) {
  const cookies = cookieSettings(env);
  return { name: cookies.signIn.replace("aqar-signin", "aqar-maintenance"), cookies };
}

const answer = (status: 400 | 413, message: string): UploadAnswer => ({ status, message, field: REPORT_PHOTOS.field });

/** Five photos of 5 MB at most, read as they stream in (the owners' submissions' reading, decision 012). */
const UPLOAD_RULES = {
  maxFileSize: REPORT_PHOTOS.maxBytes,
  maxParts: REPORT_PHOTOS.max + 20,
  maxTotalSize: SUBMISSION_BODY_LIMIT,
  maxTextLength: 5_000,
  files: { field: REPORT_PHOTOS.field, max: REPORT_PHOTOS.max },
  refuseNul: true,
  answers: {
    tooLarge: answer(413, M.requestTooLarge),
    fileTooLarge: answer(413, M.photoTooLarge),
    tooManyFiles: answer(413, M.tooManyPhotos),
    tooManyParts: answer(413, M.requestTooLarge),
    unreadable: answer(400, M.photosUnreadable),
    plainForm: answer(413, M.requestTooLarge),
  },
} as const satisfies UploadRules;

/** The fields given back after a refusal (never the code, never the bot check). */
const ECHOED = ["phone", "category", "urgency", "description"] as const;

function echo(fields: URLSearchParams): Record<string, string> {
  return Object.fromEntries(ECHOED.map((name) => [name, (fields.get(name) ?? "").slice(0, name === "description" ? REPORT_LIMITS.description : 60)]));
}

/** /maintenance/:token: the unit (nothing private), and the number this browser waits for a code on. */
export async function loadReportPage(services: AppServices, request: Request, token: string) {
  const { db, env } = services;
  const unit = await findUnitByToken(db, token);
  if (!unit) return data({ unit: null, pendingPhone: null, resendSeconds: 0 }, { status: 404 });
  const pending = await pendingPhoneCode(db, readCookie(request, flowCookie(env).name));
  const wait = pending ? await nextCodeWait(db, pending.phone) : null;
  return { unit: { label: unit.label, propertyName: unit.propertyName, city: unit.city }, pendingPhone: pending?.phone ?? null, resendSeconds: wait?.seconds ?? 0 };
}

/**
 * The page's posts: «إرسال رمز التحقق» (bot check, then the code's limits; a new flow cookie) and
 * «إرسال البلاغ» (the code, the fields, up to five photos). A refusal gives back what was typed.
 */
export async function handleReportPost(services: AppServices, request: Request, token: string, address: string) {
  const unit = await findUnitByToken(services.db, token);
  if (!unit) throw data(null, { status: 404 });
  const reading = await readUpload(request, UPLOAD_RULES);
  const fields = reading.fields;
  const reply = (status: number, body: Omit<ReportReply, "values">, headers?: HeadersInit) => data<ReportReply>({ ...body, values: echo(fields) }, { status, headers });
  if (!reading.ok) return reply(reading.status, { ok: false, fieldErrors: { [REPORT_PHOTOS.field]: reading.message } });
  const { name: cookieName, cookies } = flowCookie(services.env);
  const retry = (seconds?: number): HeadersInit | undefined => (seconds ? { "Retry-After": String(seconds) } : undefined);

  if (fields.get("intent") === "send-code") {
    const proof = await checkFormProof(services.db, "submission", fields);
    if (!proof.ok) return reply(proof.silent ? 200 : proof.status, { ok: false, formError: proof.silent ? undefined : proof.message });
    const flowToken = crypto.randomBytes(32).toString("base64url");
    const sent = await sendReportCode(services, { phone: fields.get("phone") ?? "", flowToken, address });
    if (!sent.ok)
      return reply(sent.status, sent.field ? { ok: false, fieldErrors: { [sent.field]: sent.error } } : { ok: false, formError: sent.error }, retry(sent.retryAfterSeconds));
    return reply(200, { ok: false, codeSent: true }, { "Set-Cookie": cookies.serialize(cookieName, flowToken, CODE_RULES.validMs / 1000) });
  }

  const fieldErrors: Record<string, string> = {};
  const code = readCodeDigits(fields.get("code") ?? "");
  if (!/^\d{6}$/.test(code)) fieldErrors.code = M.codeRequired;
  const category = fields.get("category") ?? "";
  if (!(MAINTENANCE_CATEGORIES as readonly string[]).includes(category)) fieldErrors.category = M.categoryRequired;
  const urgency = fields.get("urgency") ?? "";
  if (!(MAINTENANCE_URGENCIES as readonly string[]).includes(urgency)) fieldErrors.urgency = M.urgencyRequired;
  const description = (fields.get("description") ?? "").trim();
  if (!description) fieldErrors.description = M.descriptionRequired;
  else if (description.length > REPORT_LIMITS.description) fieldErrors.description = M.descriptionTooLong;
  if (Object.keys(fieldErrors).length) return reply(400, { ok: false, fieldErrors });

  const flowToken = readCookie(request, cookieName);
  const stored = await submitReport(services, {
    unit,
    flowToken,
    address,
    input: { code, category: category as MaintenanceCategory, urgency: urgency as MaintenanceUrgency, description, photos: reading.files },
  });
  if (!stored.ok) {
    const body: Omit<ReportReply, "values"> = stored.field ? { ok: false, fieldErrors: { [stored.field]: stored.error } } : { ok: false, formError: stored.error };
    return reply(stored.status, body, retry(stored.retryAfterSeconds));
  }
  return data<ReportReply>({ ok: true, reportId: stored.id, values: {} }, { headers: { "Set-Cookie": cookies.clear(cookieName) } });
}
