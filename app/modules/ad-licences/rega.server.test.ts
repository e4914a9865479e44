import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_REGA_CREDENTIALS, startFakeRega, type FakeRega } from "../../../tests/setup/fake-rega.ts";
import { createRegaClient, REGA_MESSAGES, RegaCheckError, regaDate } from "./rega.server.ts";

let rega: FakeRega;
beforeAll(async () => {
  rega = await startFakeRega();
});
afterAll(() => rega.close());
beforeEach(() => {
  rega.answers.clear();
  rega.requests.length = 0;
});

const NOW = new Date("2026-11-28T12:00:00+03:00");
const client = (timeoutMs?: number) => createRegaClient({ REGA_API_URL: rega.url, ...FAKE_REGA_CREDENTIALS }, { timeoutMs });
const check = (licenceNumber: string, timeoutMs?: number) => client(timeoutMs).check({ licenceNumber, advertiserId: "1010123456" }, NOW);

/** The check's failure, or a test failure if it answered. */
async function failure(promise: Promise<unknown>): Promise<RegaCheckError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegaCheckError);
  return error as RegaCheckError;
}

describe("the REGA adapter, against a real HTTP server answering in REGA's shape", () => {
  it("a valid licence: its dates and the details REGA knows; asked with the licence, the firm's id, its type and the gateway's credentials", async () => {
    rega.answers.set("7200000001", { kind: "valid", creationDate: "2026-10-01", endDate: "2027-09-30", deedNumber: "310987654321", planNumber: "3421", landNumber: "17" });
    expect(await check("7200000001")).toEqual({
      state: "valid",
      licence: { number: "7200000001", issuedOn: "2026-10-01", expiresOn: "2027-09-30", deedNumber: "310987654321", planNumber: "3421", plotNumber: "17" },
    });
    expect(rega.requests).toEqual([
      {
        path: "/AdvertisementValidator",
        query: { adLicenseNumber: "7200000001", advertiserId: "1010123456", idType: "2" },
        clientId: FAKE_REGA_CREDENTIALS.REGA_CLIENT_ID,
        secret: FAKE_REGA_CREDENTIALS.REGA_CLIENT_SECRET,
      },
    ]);
  });

  it("cancelled (refused within its dates), ended (its last day passed) and unknown", async () => {
    rega.answers.set("7200000002", { kind: "cancelled", creationDate: "2026-10-01", endDate: "2027-09-30" });
    rega.answers.set("7200000003", { kind: "valid", creationDate: "2025-10-01", endDate: "2026-11-27" });
    expect(await check("7200000002")).toMatchObject({ state: "cancelled", licence: { expiresOn: "2027-09-30" } });
    expect(await check("7200000003")).toMatchObject({ state: "ended", licence: { expiresOn: "2026-11-27" } });
    expect(await check("7200000004")).toEqual({ state: "unknown" });
  });

  it("a slow REGA is given up after the time limit, with an Arabic message", async () => {
    rega.answers.set("7200000005", { kind: "slow", ms: 3_000 });
    const started = Date.now();
    const error = await failure(check("7200000005", 300));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.reason).toBe("timeout");
    expect(error.message).toBe(REGA_MESSAGES.timeout);
    expect(REGA_MESSAGES.timeout).toContain("خلال ٥ ثوانٍ");
  });

  it("a 500, refused credentials, an unreachable gateway and a shape it does not know: each its Arabic message", async () => {
    rega.answers.set("7200000006", { kind: "error", status: 500 });
    expect((await failure(check("7200000006"))).message).toBe(REGA_MESSAGES.unreachable);
    const wrong = createRegaClient({ REGA_API_URL: rega.url, REGA_CLIENT_ID: "x", REGA_CLIENT_SECRET: "y" });
    expect((await failure(wrong.check({ licenceNumber: "7200000001", advertiserId: "1" }))).message).toBe(REGA_MESSAGES.refusedCredentials);
    const closed = createRegaClient({ REGA_API_URL: "http://127.0.0.1:9", ...FAKE_REGA_CREDENTIALS });
    expect((await failure(closed.check({ licenceNumber: "7200000001", advertiserId: "1" }))).message).toBe(REGA_MESSAGES.unreachable);
    const elsewhere = createRegaClient({ REGA_API_URL: `${rega.url}/elsewhere`, ...FAKE_REGA_CREDENTIALS });
    expect((await failure(elsewhere.check({ licenceNumber: "7200000001", advertiserId: "1" }))).message).toBe(REGA_MESSAGES.badAnswer);
  });

  it("off without its settings: not configured, and a check says so in Arabic without any request", async () => {
    const off = createRegaClient({ REGA_API_URL: rega.url });
    expect(off.configured).toBe(false);
    expect((await failure(off.check({ licenceNumber: "7200000001", advertiserId: "1" }))).message).toBe(REGA_MESSAGES.off);
    expect(rega.requests).toEqual([]);
  });

  it("reads REGA's date forms", () => {
    expect(regaDate("2026-05-01")).toBe("2026-05-01");
    expect(regaDate("2026-05-01T00:00:00")).toBe("2026-05-01");
    expect(regaDate("01/05/2026")).toBe("2026-05-01");
    expect(regaDate("")).toBeNull();
    expect(regaDate(null)).toBeNull();
  });
});
