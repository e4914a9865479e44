/** The daily-report module's public entry for server code: what other modules of its tier may use (decision 044). */
export { buildDailyReport, dailyReportText } from "./daily-report.server.ts";
