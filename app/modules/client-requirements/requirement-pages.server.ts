import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { listFilterChoices } from "~/modules/lookups/lookups.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { toastRedirect, redirectWithToast } from "~/utils/toast.server.ts";
import { listOfferMatches, listOpenMatches, markMatchContacted } from "./matches.server.ts";
import { neighbourhoodKey } from "./match-rule.server.ts";
import type { MatchView, RequirementChoices, RequirementView } from "./requirement-view.ts";
import { matchContactedSchema, REQUIREMENT_MESSAGES, requirementActiveSchema, requirementSchema, type RequirementInput } from "./requirement-schema.ts";
import { findClientFor, listRequirements, saveRequirement, setRequirementActive, type ClientRef, type RequirementRow } from "./requirements.server.ts";

type Env = AppServices["env"];
type User = Pick<StaffProfile, "id" | "role">;

const requirementsPath = (clientId: number) => `/admin/clients/${clientId}/requirements`;
const MATCHES_PATH = "/admin/matches";

const toView = ({ id, active, purpose, propertyTypes, cities, neighbourhoods, budgetMin, budgetMax, roomsMin, areaMin, areaMax }: RequirementRow): RequirementView => ({
  id,
  active,
  purpose,
  propertyTypes,
  cities,
  neighbourhoods,
  budgetMin,
  budgetMax,
  roomsMin,
  areaMin,
  areaMax,
});

/** The client named by the page's address that `user` may work on; otherwise the guard's answer (thrown). */
async function requireClient(db: Db, env: Env, user: User, param: string | undefined): Promise<ClientRef> {
  const clientId = /^\d{1,9}$/.test(param ?? "") ? Number(param) : null;
  const found = clientId === null ? ({ ok: false, reason: "unknown" } as const) : await findClientFor(db, user, clientId);
  if (found.ok) return found.client;
  throw await toastRedirect(MATCHES_PATH, { tone: "error", text: found.reason === "unknown" ? "هذا العميل غير موجود" : REQUIREMENT_MESSAGES.notYours }, env);
}

/** The lookup lists with the values `kept` already uses (a hidden value stays on the requirement that has it). */
async function choicesFor(db: Db, kept: RequirementRow[]): Promise<RequirementChoices> {
  const lists = await listFilterChoices(db);
  const types = [...lists.propertyTypes];
  const cities = lists.cities.map((name) => ({ name, neighbourhoods: [...(lists.neighbourhoods[name] ?? [])] }));
  for (const row of kept) {
    for (const type of row.propertyTypes) if (!types.includes(type)) types.push(type);
    for (const name of row.cities) if (!cities.some((c) => c.name === name)) cities.push({ name, neighbourhoods: [] });
    for (const key of row.neighbourhoods) {
      const [city, ...rest] = key.split("/");
      const hood = rest.join("/");
      let entry = cities.find((c) => c.name === city);
      if (!entry) cities.push((entry = { name: city!, neighbourhoods: [] }));
      if (!entry.neighbourhoods.includes(hood)) entry.neighbourhoods.push(hood);
    }
  }
  return { propertyTypes: types, cities };
}

export async function loadRequirementsPage(services: AppServices, user: User, param: string | undefined) {
  const client = await requireClient(services.db, services.env, user, param);
  const requirements = await listRequirements(services.db, client.id);
  return { client: { id: client.id, name: client.name }, requirements: requirements.map(toView), choices: await choicesFor(services.db, requirements) };
}

/** A value chosen that is not in the lists (a hand-made post): refused under its field, nothing saved. */
function outsideTheLists(input: RequirementInput, choices: RequirementChoices): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (input.propertyTypes.some((t) => !choices.propertyTypes.includes(t))) errors.propertyTypes = ["يرجى اختيار أنواع العقار من القائمة"];
  if (input.cities.some((c) => !choices.cities.some((city) => city.name === c))) errors.cities = ["يرجى اختيار المدن من القائمة"];
  const keys = new Set(choices.cities.flatMap((c) => c.neighbourhoods.map((n) => neighbourhoodKey(c.name, n))));
  if (input.neighbourhoods.some((n) => !keys.has(n))) errors.neighbourhoods = ["يرجى اختيار الأحياء من القائمة"];
  return Object.keys(errors).length ? errors : null;
}

/** The requirements page's posts: add or change a requirement ("save"), pause or resume one ("active"). */
export async function handleRequirementsPost(services: AppServices, user: User, param: string | undefined, form: FormData) {
  const { db, env } = services;
  const client = await requireClient(db, env, user, param);
  const page = requirementsPath(client.id);
  if (form.get("intent") === "active") {
    const submission = parseSubmission(form, requirementActiveSchema);
    if (submission.status !== "success") return replyToSubmission(submission);
    const { id, active } = submission.value;
    if (!(await setRequirementActive(db, user, client.id, id, active))) return replyToSubmission(submission, { formErrors: [REQUIREMENT_MESSAGES.unknown], status: 404 });
    return redirectWithToast(page, { tone: "success", text: active ? REQUIREMENT_MESSAGES.resumed : REQUIREMENT_MESSAGES.paused }, env);
  }
  const submission = parseSubmission(form, requirementSchema);
  if (submission.status !== "success") return replyToSubmission(submission);
  const input = submission.value;
  const outside = outsideTheLists(input, await choicesFor(db, await listRequirements(db, client.id)));
  if (outside) return replyToSubmission(submission, { fieldErrors: outside });
  const saved = await saveRequirement(db, user, client.id, input);
  if (!saved) return replyToSubmission(submission, { formErrors: [REQUIREMENT_MESSAGES.unknown], status: 404 });
  return redirectWithToast(page, { tone: "success", text: saved.created ? REQUIREMENT_MESSAGES.added : REQUIREMENT_MESSAGES.saved }, env);
}

export function refuseRequirementsPost(refusal: FormRefusal) {
  return replyToRefusal(refusal);
}

/** /admin/matches: the matches waiting for `user`. */
export async function loadMatchesPage(db: Db, user: User): Promise<{ matches: MatchView[] }> {
  return { matches: await listOpenMatches(db, user) };
}

/** «تم التواصل» on /admin/matches (or on an offer's page, `back`). */
export async function handleMatchContacted(services: AppServices, user: User, form: FormData, back = MATCHES_PATH) {
  const submission = parseSubmission(form, matchContactedSchema);
  if (submission.status !== "success") return replyToSubmission(submission);
  if (!(await markMatchContacted(services.db, user, submission.value.id))) return replyToSubmission(submission, { formErrors: ["هذه المطابقة غير موجودة"], status: 404 });
  return redirectWithToast(back, { tone: "success", text: "تم تسجيل التواصل مع العميل" }, services.env);
}

/** The matching clients of one offer, for its back-office page. */
export function loadOfferMatches(db: Db, user: User, offerId: number): Promise<MatchView[]> {
  return listOfferMatches(db, user, offerId);
}
