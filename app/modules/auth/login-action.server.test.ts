import { beforeAll, describe, expect, it } from "vitest";
import { createStaffUser, setStaffPasswordHash } from "~/modules/users/users.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { hashPassword } from "~/utils/password.server.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { signInPage } from "../../../tests/factories/sign-in.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { CODE_RULES } from "./login-codes.server.ts";
import { SIGN_IN_MESSAGES as M } from "./messages.ts";
import { PASSWORD_SIGN_IN } from "./password-sign-in.server.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const { cookies, texts, post, flowTokenOf } = signInPage(db, env, "10.6.0.1");
const PASSWORD = "شاي-بالنعناع-2026";

beforeAll(async () => {
  const user = await createStaffUser(db(), { name: "هند", username: "hind", phone: "0512600001", role: "staff", email: "hind@example.sa" });
  await setStaffPasswordHash(db(), user.id, await hashPassword(PASSWORD));
  // A second number, so the lock test does not wait out the first one's 30 seconds between codes.
  await createStaffUser(db(), { name: "ليلى", username: "layla", phone: "0512600002", role: "staff" });
});

describe("sign-in by SMS code", () => {
  it("step 1: an empty phone and a number that is not staff are refused under the field, a missing bot check above the form; no SMS", async () => {
    expect(await post({ intent: "send-code", phone: "" })).toMatchObject({ status: 400, errors: { phone: [M.phoneRequired] } });
    expect(await post({ intent: "send-code", phone: "0512600001" })).toMatchObject({ status: 400, errors: { "": [M.botCheckMissing] } });
    const stranger = await post({ intent: "send-code", phone: "0559990001", altcha: await solvedProof(db()) });
    expect(stranger).toMatchObject({ status: 400, errors: { phone: [M.notAllowed] }, initialValue: { intent: "send-code", phone: "0559990001" } });
    // The solved bot check is never given back.
    expect(stranger.initialValue).not.toHaveProperty("altcha");
    // Not a phone number at all: said so under the field, by the one phone rule.
    expect(await post({ intent: "send-code", phone: "12345", altcha: await solvedProof(db()) })).toMatchObject({ status: 400, errors: { phone: [M.phoneInvalid] } });
    expect(texts).toEqual([]);
  });

  it("step 1 → step 2: the code goes out and the page comes back (post → redirect → get) with the confirmation and the sign-in cookie", async () => {
    const sent = await post({ intent: "send-code", phone: "0512600001", altcha: await solvedProof(db()) });
    expect(sent).toMatchObject({ status: 302, location: "/login", toast: { tone: "success", text: M.sent } });
    const flowToken = flowTokenOf(sent.headers)!;
    expect(flowToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.headers.getSetCookie().find((line) => line.startsWith(`${cookies.signIn}=`))).toContain(`Max-Age=${CODE_RULES.perNumber.windowMs / 1000}`);
    const code = /\d{6}/.exec(texts.at(-1)!.body)![0];
    const wrong = code === "000000" ? "111111" : "000000";

    expect(await post({ intent: "verify", code: "" }, { flowToken })).toMatchObject({ status: 400, errors: { code: [M.codeRequired] } });
    const refused = await post({ intent: "verify", code: wrong }, { flowToken });
    expect(refused).toMatchObject({ status: 400, errors: { code: [M.wrongCode] } });
    // The code typed is never given back.
    expect(refused.initialValue).toEqual({ intent: "verify" });

    const signedIn = await post({ intent: "verify", code }, { flowToken });
    expect(signedIn).toMatchObject({ status: 302, location: "/admin" });
    expect(signedIn.headers.getSetCookie().some((line) => line.startsWith(`${cookies.session}=`) && !line.includes("Max-Age=0"))).toBe(true);
    expect(signedIn.headers.getSetCookie().some((line) => line.startsWith(`${cookies.signIn}=;`) && line.includes("Max-Age=0"))).toBe(true);
  });

  it("no code for this browser: back to step 1 (the sign-in cookie goes), the message above the form", async () => {
    const answer = await post({ intent: "verify", code: "123456" });
    expect(answer).toMatchObject({ status: 400, errors: { "": [M.noCodeYet] } });
    expect(answer.headers.getSetCookie().some((line) => line.startsWith(`${cookies.signIn}=;`))).toBe(true);
  });

  it("five wrong codes lock the number: 429 with Retry-After above the form, even for the right code", async () => {
    const sent = await post({ intent: "send-code", phone: "0512600002", altcha: await solvedProof(db()) }, { address: "10.6.0.2" });
    expect(sent.status).toBe(302);
    const flowToken = flowTokenOf(sent.headers)!;
    const code = /\d{6}/.exec(texts.at(-1)!.body)![0];
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < CODE_RULES.maxWrongTries; i++) expect((await post({ intent: "verify", code: wrong }, { flowToken })).status).toBe(400);
    expect(await post({ intent: "verify", code: wrong }, { flowToken })).toMatchObject({ status: 429, errors: { "": [M.codeLocked] } });
    const locked = await post({ intent: "verify", code }, { flowToken });
    expect(locked).toMatchObject({ status: 429, errors: { "": [M.codeLocked] } });
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("change number: back to step 1 without the sign-in cookie", async () => {
    const answer = await post({ intent: "change-number" }, { flowToken: "some-token" });
    expect(answer).toMatchObject({ status: 302, location: "/login" });
    expect(answer.headers.getSetCookie()[0]).toMatch(new RegExp(`^${cookies.signIn}=;.*Max-Age=0`));
  });
});

describe("sign-in by password", () => {
  it("asks for both fields; a wrong password gets one message above the form and is never given back; the right one signs in", async () => {
    expect(await post({ intent: "password", identifier: "", password: "" })).toMatchObject({
      status: 400,
      errors: { identifier: [M.identifierRequired], password: [M.passwordRequired] },
    });
    const wrong = await post({ intent: "password", identifier: "hind", password: "not-the-one", altcha: await solvedProof(db()) }, { address: "10.6.1.1" });
    expect(wrong).toMatchObject({ status: 400, errors: { "": [PASSWORD_SIGN_IN.failed] }, initialValue: { intent: "password", identifier: "hind" } });
    expect(wrong.initialValue).not.toHaveProperty("password");
    const right = await post({ intent: "password", identifier: "HIND", password: PASSWORD, altcha: await solvedProof(db()) }, { address: "10.6.1.1" });
    expect(right).toMatchObject({ status: 302, location: "/admin" });
    expect(right.headers.getSetCookie().some((line) => line.startsWith(`${cookies.session}=`))).toBe(true);
  });

  it("a limit answers 429 with Retry-After", async () => {
    const attempt = (i: number) => post({ intent: "password", identifier: `nobody-${i}`, password: "x" }, { address: "10.6.2.1" });
    for (let i = 0; i < PASSWORD_SIGN_IN.perAddress.limit; i++) await attempt(i);
    const last = await attempt(PASSWORD_SIGN_IN.perAddress.limit);
    expect(last).toMatchObject({ status: 429, errors: { "": [M.tooManyFromAddress] } });
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
