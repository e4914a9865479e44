import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginCodes } from "~/db/schema.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { secondsText } from "~/utils/count-words.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { signInPage } from "../../../tests/factories/sign-in.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { nextCodeWait } from "./login-codes.server.ts";
import { SIGN_IN_MESSAGES as M } from "./messages.ts";

const db = useTestDatabase({ connections: 10 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const { cookies, texts, post, flowTokenOf } = signInPage(db, env, "10.7.0.1");
const PHONE = "+966512700001";

/** The number's codes as if sent `seconds` earlier: the 30 seconds pass without waiting them out. */
const age = (seconds: number) =>
  db()
    .update(loginCodes)
    .set({ createdAt: sql`${loginCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginCodes.phone, PHONE));
const textsTo = () => texts.filter((text) => text.to === PHONE).length;

beforeAll(async () => {
  await createStaffUser(db(), { name: "نوف", username: "nouf", phone: "0512700001", role: "staff" });
});

describe("«إعادة إرسال الرمز» on the code step", () => {
  let flowToken: string;

  it("is refused before 30 seconds with how long is left (429, Retry-After), and sends nothing", async () => {
    const sent = await post({ intent: "send-code", phone: "0512700001", altcha: await solvedProof(db()) });
    expect(sent).toMatchObject({ status: 302, location: "/login" });
    flowToken = flowTokenOf(sent.headers)!;
    expect(textsTo()).toBe(1);
    const wait = await nextCodeWait(db(), PHONE);
    expect(wait.seconds).toBeGreaterThan(25);
    expect(wait.seconds).toBeLessThanOrEqual(30);

    const early = await post({ intent: "resend-code" }, { flowToken });
    expect(early.status).toBe(429);
    const seconds = Number(early.headers.get("Retry-After"));
    expect(seconds).toBeGreaterThan(0);
    expect(early.errors).toEqual({ "": [M.resendIn(seconds)] });
    expect(M.resendIn(seconds)).toMatch(/^يمكنك طلب رمز جديد بعد [٠-٩]+ (ثانية|ثوانٍ)$/);
    expect(textsTo()).toBe(1);
  });

  it("once the 30 seconds have passed, sends a new code to the same number; the new code signs in", async () => {
    await age(31);
    expect((await nextCodeWait(db(), PHONE)).seconds).toBe(0);
    const again = await post({ intent: "resend-code" }, { flowToken });
    expect(again).toMatchObject({ status: 302, location: "/login", toast: { tone: "success", text: M.sent } });
    expect(flowTokenOf(again.headers)).toBe(flowToken);
    expect(textsTo()).toBe(2);
    const code = /\d{6}/.exec(texts.at(-1)!.body)![0];
    const signedIn = await post({ intent: "verify", code }, { flowToken });
    expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
  });

  it("under concurrency: ten presses at once send exactly one code", async () => {
    await age(31);
    const sent = await post({ intent: "send-code", phone: "0512700001", altcha: await solvedProof(db()) }, { flowToken, address: "10.7.0.2" });
    expect(sent.status).toBe(302);
    await age(31);
    const before = textsTo();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post({ intent: "resend-code" }, { flowToken, address: `10.7.1.${i}` })));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(9);
    expect(textsTo()).toBe(before + 1);
  });

  it("counts toward the 5 codes per 15 minutes: the sixth is refused whatever the gap", async () => {
    // Codes so far within the window: 1 (first) + 1 (resend) + 1 (second sign-in) + 1 (concurrent resend) = 4.
    await age(31);
    expect((await post({ intent: "resend-code" }, { flowToken, address: "10.7.2.1" })).status).toBe(302);
    await age(31);
    const sixth = await post({ intent: "resend-code" }, { flowToken, address: "10.7.2.2" });
    expect(sixth).toMatchObject({ status: 429, errors: { "": [M.tooManyCodes] } });
  });

  it("without a sign-in waiting for a code, it goes back to the phone step", async () => {
    const lost = await post({ intent: "resend-code" });
    expect(lost).toMatchObject({ status: 400, errors: { "": [M.noCodeYet] } });
    expect(lost.headers.getSetCookie().some((line) => line.startsWith(`${cookies.signIn}=;`) || /Max-Age=0/.test(line))).toBe(true);
  });

  it("counts seconds as Arabic agrees them after «بعد»", () => {
    expect([1, 2, 3, 10, 11, 30].map(secondsText)).toEqual(["ثانية واحدة", "ثانيتين", "٣ ثوانٍ", "١٠ ثوانٍ", "١١ ثانية", "٣٠ ثانية"]);
  });
});
