import pino from "pino";

/**
 * Structured logs through pino: one JSON object per line, `{"level":"warn","time":"<ISO>","msg":"…",
 * …fields}`; warnings and errors on stderr, the rest on stdout (each written at once, so a crash's
 * last line is not lost).
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** LOG_LEVEL is read at each line: scripts set it after their imports have run. */
function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? "info") as Level | "silent";
  return order[level] ?? order.info;
}

/** The logger itself (for pino-http in server.ts): every level passes; `log` below applies LOG_LEVEL. */
export const logger = pino(
  { level: "debug", base: undefined, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
  pino.multistream(
    [
      { level: "debug", stream: process.stdout },
      { level: "warn", stream: process.stderr },
    ],
    { dedupe: true },
  ),
);

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold()) return;
  // The message as the first field, not pino's last: a line reads what happened, then its details.
  logger[level]({ msg, ...fields });
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
  /** Whether a level is written now (LOG_LEVEL). */
  enabled: (level: Level) => order[level] >= threshold(),
};
