import express from "express";
import { RouterContextProvider } from "react-router";
import { clientAddressContext, nonceContext, readinessContext, requestBodyContext, routeContext, servicesContext, type AppServices } from "~/context.ts";
import { localAppUrl, openDatabase } from "~/db/client.server.ts";
import { searchAlertJobs } from "~/modules/alerts/alert-jobs.server.ts";
import { offerMatchJobs } from "~/modules/client-requirements/index.server.ts";
import { invalidateSiteContent } from "~/modules/content/content.server.ts";
import { createReadiness, databaseCheck } from "~/modules/health/readiness.server.ts";
import { settleImageWork } from "~/modules/images/images.server.ts";
import { createStorage } from "~/modules/images/storage.server.ts";
import { startCacheSync } from "~/modules/live-updates/cache-sync.server.ts";
import { createEventHub } from "~/modules/live-updates/event-hub.server.ts";
import { invalidateLookups } from "~/modules/lookups/lookups.server.ts";
import { settleBackgroundNotifications } from "~/modules/messaging/background.server.ts";
import { createMailer } from "~/modules/messaging/mail.server.ts";
import { mailQueueJobs } from "~/modules/messaging/mail-queue.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { createWhatsappSender } from "~/modules/messaging/whatsapp.server.ts";
import { adLicenceWarningJobs } from "~/modules/ad-licences/ad-licence-warnings.server.ts";
import { regaClientOf, regaRecheckJobs } from "~/modules/ad-licences/rega-verification.server.ts";
import { overlaySearch } from "~/modules/offers/overlay-search.server.ts";
import { dailyReportJobs } from "~/modules/daily-report/daily-jobs.server.ts";
import { startScheduler } from "~/modules/scheduler/scheduler.server.ts";
import { availabilityJobs } from "~/modules/availability/index.server.ts";
import { firstAnswerJobs } from "~/modules/clients/index.server.ts";
import { invalidateSettings } from "~/modules/settings/settings.server.ts";
import { viewingReminderJobs } from "~/modules/viewings/index.server.ts";
import { renewalNoticeJobs } from "~/modules/leases/index.server.ts";
import { rentJobs } from "~/modules/rent/index.server.ts";
import { ownerStatementJobs } from "~/modules/owner-statements/index.server.ts";
import { offerViewCounter } from "~/modules/owner-portal/index.server.ts";
import { nextPublicPageChange } from "~/modules/offers/public-page-expiry.server.ts";
import { AHEAD_OF_REACT_ROUTER } from "~/route-facts.ts";
import { routeLookupOf } from "~/framework/route-lookup.server.ts";
import { getEnv } from "~/utils/env.server.ts";
import { housekeepingJobs } from "./housekeeping.ts";
import { outageAnswer } from "./outage.ts";
import { answerUncached, createPageCache, startPageCacheSync } from "./page-cache.ts";
import { createRequestHandler } from "../app/framework/request-handler.server.ts";
import { seedDefaults } from "./seed-defaults.ts";

/**
 * Starts what the app needs (database, migrations, demo data) and returns the
 * Express handler for every non-static request. Built by Vite into build/server/index.js.
 */
export async function createApp() {
  const env = getEnv();
  // Uploaded photos: DATA_DIR/uploads, or the S3-compatible bucket of STORAGE_URL (decision 021).
  const storage = await createStorage(env.STORAGE);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    appUrl: localAppUrl(env.HOST, env.PORT),
    // With the migrations, under the start lock: instances starting together on one database seed once.
    prepare: async (db) => {
      await seedDefaults(db, { demoMode: env.DEMO_MODE });
      if (env.DEMO_MODE) {
        // Loaded only in demo mode: the demo generator (scenes, offers, licences) is a chunk of its
        // own, outside build/server/index.js.
        const { seedDemoData } = await import("../demo/seed.server.ts");
        await seedDemoData(db, storage);
      }
    },
  });
  const events = createEventHub(database.pool);
  // GET /healthz/ready: the database and the photo storage answer.
  const readiness = createReadiness({ database: databaseCheck(database.db), storage: (signal) => storage.check(signal) });
  const services: AppServices = { db: database.db, env, mailer: createMailer(env), sms: createSmsSender(env), events, storage };
  // The scheduled jobs (decision 016): the hourly housekeeping, the daily report and the hourly ad
  // licence warnings (decision 017), once across instances.
  const housekeeping = housekeepingJobs(database.db, storage);
  const daily = dailyReportJobs({ db: database.db, env, mailer: services.mailer, whatsapp: createWhatsappSender(env) });
  const licenceWarnings = adLicenceWarningJobs({ db: database.db, env, mailer: services.mailer });
  // The visitors' search alerts: new matching offers, one e-mail a day per address (issue 18).
  const alerts = searchAlertJobs({ db: database.db, env, mailer: services.mailer });
  // Every e-mail a person's action sends, queued with what it reports (decision 032).
  const mail = mailQueueJobs({ db: database.db, env, mailer: services.mailer });
  // Every night the published ad licences are checked again with REGA, when it is configured (decision 047).
  const rega = regaRecheckJobs({ db: database.db, rega: regaClientOf(env) });
  // Offers that are really available (decision 046): the hourly confirm tasks.
  const availability = availabilityJobs(database.db);
  // The viewings' reminders, 24 and 2 hours before, each once (issue 32, decision 049).
  const viewingReminders = viewingReminderJobs({ db: database.db, sms: services.sms });
  // Clients' requirements matched when an offer becomes public or its price changes (issue 32, decision 050).
  const matching = offerMatchJobs(database.db);
  // The clients' first-answer clock: the manager told once per client past the limit (issue 32, decision 048).
  const firstAnswers = firstAnswerJobs({ db: database.db });
  // Leases ending soon: the manager and the tenant told once per lease (issue 33, decision 052).
  const renewalNotices = renewalNoticeJobs({ db: database.db, sms: services.sms });
  // The rent (issue 33, decision 053): instalments every night, arrears reminders every morning.
  const rent = rentJobs({ db: database.db, sms: services.sms, whatsapp: createWhatsappSender(env) });
  // Owners' monthly statements on the settings' day, each once (issue 33, decision 055).
  const ownerStatements = ownerStatementJobs({ db: database.db, storage });
  // Each part's jobs, cron lines and jobs at start, side by side.
  const parts = [housekeeping, daily, licenceWarnings, alerts, mail, rega, availability, viewingReminders, matching, firstAnswers, renewalNotices, rent, ownerStatements];
  const scheduler = await startScheduler({
    connectionString: database.url,
    tasks: Object.fromEntries(parts.flatMap((part) => Object.entries(part.tasks))),
    cron: parts.flatMap((part) => part.cron),
    atStart: parts.flatMap((part) => ("atStart" in part ? part.atStart : [])),
  }).catch(async (error: unknown) => {
    await events.close();
    await database.close(); // the embedded PostgreSQL must not outlive a failed start
    throw error;
  });
  // Saved content, settings and lookup lists reach every instance's cache (announceCacheChange); licences are not cached.
  const stopCacheSync = startCacheSync(events, { content: invalidateSiteContent, settings: invalidateSettings, lookups: invalidateLookups, licences: () => undefined });
  // The public pages' HTML and data, kept for anonymous visitors until any of the above or an offer
  // changes, on any instance (decision 020). Production only: in development the code changes under it.
  const outage = outageAnswer(() => readiness.answers("database"));
  // Built once in production: given a function, React Router derives the build again for every
  // request (its route table flattened and ranked anew: 13 % of a small page's CPU). In
  // development the function keeps the routes' edits live.
  const build = import.meta.env.PROD ? await import("virtual:react-router/server-build") : () => import("virtual:react-router/server-build");
  // Each route's facts (app/route-facts.ts): which pages the cache keeps. Development's build is read
  // once here (the page cache is production's); the request handler reads the current one.
  const routes = routeLookupOf((typeof build === "function" ? await build() : build).routes);
  const pageCache =
    env.NODE_ENV === "production" && env.PAGE_CACHE_MB > 0
      ? createPageCache({ routes, maxBytes: env.PAGE_CACHE_MB * 1024 * 1024, nextChange: () => nextPublicPageChange(database.db), isListening: events.isListening })
      : null;
  const uncached = answerUncached(routes);
  const stopPageCacheSync = pageCache ? startPageCacheSync(events, pageCache) : () => undefined;

  const app = express.Router();
  // The header search's results, as one types (decision 024): answered here, ahead of React Router,
  // whose routing of a request costs a few milliseconds of an answer that should take ten.
  app.get(AHEAD_OF_REACT_ROUTER.search.path, (req, res, next) => {
    overlaySearch(database.db, new URL(req.originalUrl, "http://localhost").searchParams.get("q"))
      .then((results) => res.set("Cache-Control", "no-store").json({ results }))
      .catch(next);
  });
  // An offer's page opened counts for its owner's portal (decision 056): ahead of the page cache, so a kept page counts too.
  app.use(offerViewCounter(database.db));
  if (pageCache) app.use(pageCache.serve);
  app.use(
    createRequestHandler({
      // The page cache first (a public page's stale copy stands in for a failed render), then the
      // outage page when the failure was the database's (issue 30).
      onResponse: async (req, res, response) => (await (pageCache?.answer ?? uncached)(req, res, response)) || (await outage(req, res, response)),
      build,
      getLoadContext(req, res, body, route) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(readinessContext, readiness);
        context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
        context.set(nonceContext, String(res.locals.cspNonce ?? ""));
        context.set(requestBodyContext, body);
        context.set(routeContext, route);
        return context;
      },
    }),
  );
  return {
    handler: app,
    env,
    /** The process is stopping: readiness answers 503 so that a load balancer sends nothing new. */
    drain: () => readiness.drain(),
    close: async () => {
      readiness.drain();
      stopCacheSync();
      stopPageCacheSync();
      try {
        // The e-mails of requests already answered go out before the database closes.
        await settleBackgroundNotifications(5_000);
        // The AVIF variants of photos just uploaded, while the database is still open (those left keep their WebP).
        await settleImageWork(5_000);
        // Waits for a running job (a report being sent) and closes the scheduler's own connections.
        await scheduler.stop();
        await events.close();
      } finally {
        await database.close();
      }
    },
  };
}
