import http from "node:http";
import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

// A public form's rate limit (decision 005) answers 429 with Retry-After, to a post sent without
// JavaScript as well (a document answer, which takes an action's headers only through the route's
// `headers`). Each case posts from its own loopback address, so its count is its own: the other
// specs' posts (from 127.0.0.1) are neither counted nor refused.

const TOO_MANY = "لقد أرسلت طلبات كثيرة خلال وقت قصير. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.";

/** A form post as a browser without JavaScript sends it, from `localAddress`. */
function post(baseURL: string, path: string, localAddress: string): Promise<{ status: number; retryAfter?: string; text: string }> {
  const url = new URL(path, baseURL);
  const body = "name=%D8%B2%D8%A7%D8%A6%D8%B1&phone=0501234567&email=visitor%40example.com";
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        localAddress,
        headers: { Host: url.host, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: url.origin, Accept: "text/html" },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"], text: Buffer.concat(parts).toString("utf8") }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Posts until the limit answers (at most 40 posts: the limits are 30 or fewer per window), then returns that answer. */
async function postUntilLimited(baseURL: string, path: string, localAddress: string) {
  for (let i = 0; i < 40; i++) {
    const answer = await post(baseURL, path, localAddress);
    if (answer.status === 429) return answer;
  }
  throw new Error(`${path}: no 429 after 40 posts`);
}

let offerId = 0;
test.beforeAll(async () => {
  const [row] = await queryE2eDatabase<{ id: number }>("select id from offers order by id limit 1");
  offerId = row!.id;
});

for (const [path, localAddress] of [
  ["/contact", "127.0.0.2"],
  ["/alerts", "127.0.0.3"],
  ["/list-your-property", "127.0.0.4"],
] as const) {
  test(`${path}: past the limit a post without JavaScript gets 429, Retry-After and the message`, async ({ baseURL }) => {
    const refused = await postUntilLimited(baseURL!, path, localAddress);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600);
    expect(refused.text).toContain(TOO_MANY);
  });
}

test("an offer page's inquiry form shares the contact form's limit, and says when to come back", async ({ baseURL }) => {
  await postUntilLimited(baseURL!, "/contact", "127.0.0.5");
  const refused = await post(baseURL!, `/offer/${offerId}`, "127.0.0.5");
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(refused.text).toContain(TOO_MANY);
});
