import { createContext } from "react-router";
import type { Db } from "~/db/client.server.ts";
import type { Readiness } from "~/modules/health/readiness.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import type { EventHub } from "~/modules/live-updates/event-hub.server.ts";
import type { Mailer } from "~/modules/messaging/mail.server.ts";
import type { SmsSender } from "~/modules/messaging/sms.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import type { RouteAnswer } from "~/framework/route-lookup.server.ts";
import { SMALL_FORM_BODY_LIMIT } from "~/utils/body-limits.ts";
import type { Env } from "~/utils/env.server.ts";

/** What every loader and action receives from the server entry. */
export interface AppServices {
  db: Db;
  env: Env;
  mailer: Mailer;
  sms: SmsSender;
  /** Committed changes of offers, tasks and finance, from every server instance (LISTEN/NOTIFY). */
  events: EventHub;
  /** Uploaded photos: the local disk or an S3-compatible bucket (STORAGE_URL, decision 021). */
  storage: PhotoStorage;
}

export const servicesContext = createContext<AppServices>();

/** Whether this instance should get traffic (GET /healthz/ready): its checks and its draining at shutdown. */
export const readinessContext = createContext<Readiness>();

/** The per-request Content-Security-Policy nonce set by server.ts. */
export const nonceContext = createContext<string>("");

/** The client's address (as the proxies in front said, when TRUST_PROXY counts them), for per-address limits. */
export const clientAddressContext = createContext<string>("unknown");

/** The signed-in staff member, set by the back office's guard for every /admin loader and action. */
export const staffUserContext = createContext<StaffProfile | null>(null);

/**
 * This request's body as app/framework/request-handler.server.ts hands it over: its limit in bytes, and whether
 * it was refused for passing it (declared too large, or cut while it streamed in). Read by
 * readForm (utils/request-body.server.ts) so the page answers in its own form.
 */
export interface RequestBodyState {
  readonly limit: number;
  readonly tooLarge: boolean;
}

export const requestBodyContext = createContext<RequestBodyState>({ limit: SMALL_FORM_BODY_LIMIT, tooLarge: false });

/** The route this request's path opens and its declared facts (app/route-facts.ts), as the server's request handler looked it up. */
export const routeContext = createContext<RouteAnswer | null>(null);
