import http from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake REGA answers for one licence number (decision 047's documented shape). */
type FakeRegaAnswer =
  | { kind: "valid" | "cancelled"; creationDate: string; endDate: string; deedNumber?: string; planNumber?: string; landNumber?: string }
  | { kind: "unknown" }
  | { kind: "slow"; ms: number }
  | { kind: "error"; status: number };

export interface FakeRega {
  /** The base address to give as REGA_API_URL. */
  url: string;
  /** Answers by licence number; a number not listed is one REGA does not know. */
  answers: Map<string, FakeRegaAnswer>;
  /** Every request received: its query and the gateway headers. */
  requests: Array<{ path: string; query: Record<string, string>; clientId: string | undefined; secret: string | undefined }>;
  close(): Promise<void>;
}

const CLIENT_ID = "test-client";
const CLIENT_SECRET = "test-secret";
export const FAKE_REGA_CREDENTIALS = { REGA_CLIENT_ID: CLIENT_ID, REGA_CLIENT_SECRET: CLIENT_SECRET };

/**
 * A small real HTTP server on a free port that answers GET /AdvertisementValidator as REGA's
 * brokerage gateway does (Body.result.isValid, message, advertisement): valid, cancelled, unknown,
 * slow, or an error status, per licence number. Not an in-process mock: the adapter's fetch, time
 * limit and parsing all run.
 */
export async function startFakeRega(): Promise<FakeRega> {
  const answers = new Map<string, FakeRegaAnswer>();
  const requests: FakeRega["requests"] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const query = Object.fromEntries(url.searchParams);
    const clientId = req.headers["x-ibm-client-id"] as string | undefined;
    const secret = req.headers["x-ibm-client-secret"] as string | undefined;
    requests.push({ path: url.pathname, query, clientId, secret });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== "/AdvertisementValidator") return json(404, { httpMessage: "Not Found" });
    if (clientId !== CLIENT_ID || secret !== CLIENT_SECRET) return json(401, { httpCode: "401", httpMessage: "Unauthorized" });
    const answer = answers.get(query.adLicenseNumber ?? "") ?? { kind: "unknown" };
    if (answer.kind === "slow") {
      const timer = setTimeout(() => json(200, { Body: { result: { isValid: false, message: "late", advertisement: null } } }), answer.ms);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (answer.kind === "error") return json(answer.status, { Header: { Status: { Code: "E500", Description: "Internal error" } } });
    if (answer.kind === "unknown") return json(200, { Body: { result: { isValid: false, message: "لا يوجد إعلان بهذا الرقم", advertisement: null } } });
    json(200, {
      Header: { Status: { Code: 200, Description: "Success" } },
      Body: {
        result: {
          isValid: answer.kind === "valid",
          message: answer.kind === "valid" ? "الإعلان صالح" : "تم إلغاء الترخيص",
          advertisement: {
            adLicenseNumber: query.adLicenseNumber,
            advertiserId: query.advertiserId,
            advertiserName: "شركة المثال العقارية",
            deedNumber: answer.deedNumber ?? "310123456789",
            planNumber: answer.planNumber ?? "",
            landNumber: answer.landNumber ?? "",
            creationDate: answer.creationDate,
            endDate: answer.endDate,
            isPawned: false,
            isConstrained: false,
            isHalted: false,
            location: { region: "منطقة الرياض", city: "الرياض", district: "النرجس" },
          },
        },
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
