import express from "express";
import { RouterContextProvider } from "react-router";
import { clientAddressContext, nonceContext, requestBodyContext, servicesContext, type AppServices } from "~/context.ts";
import { localAppUrl, openDatabase } from "~/db/client.server.ts";
import { searchAlertJobs } from "~/modules/alerts/alert-jobs.server.ts";
import { invalidateSiteContent } from "~/modules/content/content.server.ts";
import { startCacheSync } from "~/modules/live-updates/cache-sync.server.ts";
import { createEventHub } from "~/modules/live-updates/event-hub.server.ts";
import { invalidateLookups } from "~/modules/lookups/lookups.server.ts";
import { createMailer } from "~/modules/messaging/mail.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { createWhatsappSender } from "~/modules/messaging/whatsapp.server.ts";
import { adLicenceWarningJobs } from "~/modules/offers/ad-licence-warnings.server.ts";
import { dailyReportJobs } from "~/modules/reports/daily-jobs.server.ts";
import { startScheduler } from "~/modules/scheduler/scheduler.server.ts";
import { invalidateSettings } from "~/modules/settings/settings.server.ts";
import { getEnv } from "~/utils/env.server.ts";
import { housekeepingJobs } from "./housekeeping.ts";
import { createRequestHandler } from "./request-handler.ts";
import { seedDefaults } from "./seed-defaults.ts";

/**
 * Starts what the app needs (database, migrations, demo data) and returns the
 * Express handler for every non-static request. Built by Vite into build/server/index.js.
 */
export async function createApp() {
  const env = getEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    appUrl: localAppUrl(env.HOST, env.PORT),
  });
  try {
    await seedDefaults(database.db, { demoMode: env.DEMO_MODE });
    if (env.DEMO_MODE) {
      // Loaded only in demo mode: the demo generator (scenes, offers, licences) is a chunk of its
      // own, outside build/server/index.js.
      const { seedDemoData } = await import("../demo/seed.server.ts");
      await seedDemoData(database.db, env);
    }
  } catch (error) {
    await database.close(); // the embedded PostgreSQL must not outlive a failed start
    throw error;
  }
  const events = createEventHub(database.pool);
  const services: AppServices = { db: database.db, env, mailer: createMailer(env), sms: createSmsSender(env), events };
  // The scheduled jobs (decision 016): the hourly housekeeping, the daily report and the hourly ad
  // licence warnings (decision 017), once across instances.
  const housekeeping = housekeepingJobs(database.db, env.DATA_DIR);
  const daily = dailyReportJobs({ db: database.db, env, mailer: services.mailer, whatsapp: createWhatsappSender(env) });
  const licenceWarnings = adLicenceWarningJobs({ db: database.db, env, mailer: services.mailer });
  // The visitors' search alerts: new matching offers, one e-mail a day per address (issue 18).
  const alerts = searchAlertJobs({ db: database.db, env, mailer: services.mailer });
  const scheduler = await startScheduler({
    connectionString: database.url,
    tasks: { ...housekeeping.tasks, ...daily.tasks, ...licenceWarnings.tasks, ...alerts.tasks },
    cron: [...housekeeping.cron, ...daily.cron, ...licenceWarnings.cron, ...alerts.cron],
    atStart: [...housekeeping.atStart, ...daily.atStart, ...licenceWarnings.atStart, ...alerts.atStart],
  }).catch(async (error: unknown) => {
    await events.close();
    await database.close(); // the embedded PostgreSQL must not outlive a failed start
    throw error;
  });
  // Saved content, settings and lookup lists reach every instance's cache (announceCacheChange); licences are not cached.
  const stopCacheSync = startCacheSync(events, { content: invalidateSiteContent, settings: invalidateSettings, lookups: invalidateLookups, licences: () => undefined });

  const app = express.Router();
  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res, body) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
        context.set(nonceContext, String(res.locals.cspNonce ?? ""));
        context.set(requestBodyContext, body);
        return context;
      },
    }),
  );
  return {
    handler: app,
    env,
    close: async () => {
      stopCacheSync();
      try {
        // Waits for a running job (a report being sent) and closes the scheduler's own connections.
        await scheduler.stop();
        await events.close();
      } finally {
        await database.close();
      }
    },
  };
}
