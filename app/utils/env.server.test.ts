import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

/** What a real site sets in production (README: configuration). */
const COOKIE_SECRET = "s3cr3t-of-this-firm-".repeat(2);

describe("environment check at start", () => {
  it("has working defaults: demo mode outside production, embedded database", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", DEMO_MODE: true, PUBLIC_URL: "http://localhost:3000", DATA_DIR: path.resolve("data") });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("turns demo mode off in production unless asked for", () => {
    expect(parseEnv({ NODE_ENV: "production", COOKIE_SECRET, SMTP_URL: "smtp://mail.example.sa", SMS_API_URL: "https://sms.example.sa/send" }).DEMO_MODE).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", DEMO_MODE: "1" }).DEMO_MODE).toBe(true);
  });

  it("names every bad variable with its problem", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", PUBLIC_URL: "not a url", DEMO_MODE: "maybe" })).toThrowError(
      /PORT: must be a number[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*PUBLIC_URL: must be an absolute URL[\s\S]*DEMO_MODE: must be 1\/0/,
    );
  });

  it("keeps e-mail in the outbox outside production and in demo mode; production needs SMTP", () => {
    expect(parseEnv({}).MAIL_TRANSPORT).toBe("outbox");
    expect(parseEnv({ NODE_ENV: "production", DEMO_MODE: "1" }).MAIL_TRANSPORT).toBe("outbox");
    expect(() => parseEnv({ NODE_ENV: "production", COOKIE_SECRET, SMS_API_URL: "https://sms.example.sa/send" })).toThrowError(/SMTP_URL: required/);
    const env = parseEnv({
      NODE_ENV: "production",
      COOKIE_SECRET,
      SMTP_URL: "smtps://u:p@mail.example.sa",
      SMS_API_URL: "https://sms.example.sa/send",
      PUBLIC_URL: "https://aqar.example.sa",
    });
    expect(env).toMatchObject({ MAIL_TRANSPORT: "smtp", MAIL_FROM: "no-reply@aqar.example.sa" });
  });

  it("keeps text messages in the outbox outside production and in demo mode; production needs an SMS provider", () => {
    expect(parseEnv({}).SMS_TRANSPORT).toBe("outbox");
    expect(parseEnv({ NODE_ENV: "production", DEMO_MODE: "1" }).SMS_TRANSPORT).toBe("outbox");
    expect(() => parseEnv({ NODE_ENV: "production", COOKIE_SECRET, SMTP_URL: "smtp://mail.example.sa" })).toThrowError(/SMS_API_URL: required when text messages are sent by HTTP/);
    const env = parseEnv({
      NODE_ENV: "production",
      COOKIE_SECRET,
      SMTP_URL: "smtp://mail.example.sa",
      SMS_API_URL: "https://api.sms.example.sa/v1/messages",
      SMS_API_USER: "account",
      SMS_API_PASSWORD: "secret",
      SMS_SENDER: "AQAR",
    });
    expect(env).toMatchObject({ SMS_TRANSPORT: "http", SMS_API_URL: "https://api.sms.example.sa/v1/messages", SMS_API_USER: "account", SMS_SENDER: "AQAR" });
  });

  it("sends text messages by HTTP outside production when asked, and then needs SMS_API_URL", () => {
    expect(() => parseEnv({ SMS_TRANSPORT: "http" })).toThrowError(/SMS_API_URL: required/);
    expect(parseEnv({ SMS_TRANSPORT: "http", SMS_API_URL: "http://127.0.0.1:9000/sms" }).SMS_TRANSPORT).toBe("http");
    expect(parseEnv({ NODE_ENV: "production", COOKIE_SECRET, SMTP_URL: "smtp://mail.example.sa", SMS_TRANSPORT: "outbox" }).SMS_TRANSPORT).toBe("outbox");
  });

  it("lists both missing providers at once in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrowError(/SMTP_URL: required[\s\S]*\n {2}- SMS_API_URL: required/);
  });

  it("accepts only http and https addresses for the SMS provider", () => {
    expect(() => parseEnv({ SMS_API_URL: "ftp://sms.example.sa" })).toThrowError(/SMS_API_URL: must be an http:\/\/ or https:\/\/ URL/);
    expect(() => parseEnv({ SMS_API_URL: "not a url" })).toThrowError(/SMS_API_URL: must be an http/);
    expect(() => parseEnv({ SMS_TRANSPORT: "carrier-pigeon" })).toThrowError(/SMS_TRANSPORT/);
  });

  it("keeps WhatsApp messages in the outbox outside production; production sends them through the Cloud API when configured, else refuses each send", () => {
    const production = { NODE_ENV: "production", COOKIE_SECRET, SMTP_URL: "smtp://mail.example.sa", SMS_API_URL: "https://sms.example.sa/send" };
    const cloud = { WHATSAPP_API_URL: "https://graph.facebook.com/v23.0", WHATSAPP_TOKEN: "EAAG-token", WHATSAPP_PHONE_NUMBER_ID: "106540352242922" };
    expect(parseEnv({}).WHATSAPP_TRANSPORT).toBe("outbox");
    expect(parseEnv({ NODE_ENV: "production", DEMO_MODE: "1" }).WHATSAPP_TRANSPORT).toBe("outbox");
    expect(parseEnv(production).WHATSAPP_TRANSPORT).toBe("off");
    expect(parseEnv({ ...production, ...cloud })).toMatchObject({ WHATSAPP_TRANSPORT: "cloud", ...cloud });
    expect(() => parseEnv({ ...production, WHATSAPP_TOKEN: "EAAG-token" })).toThrowError(/WHATSAPP_API_URL: required[\s\S]*WHATSAPP_PHONE_NUMBER_ID: required/);
    expect(() => parseEnv({ WHATSAPP_TRANSPORT: "cloud", WHATSAPP_API_URL: cloud.WHATSAPP_API_URL })).toThrowError(/WHATSAPP_TOKEN: required/);
    expect(() => parseEnv({ WHATSAPP_API_URL: "ftp://graph.example" })).toThrowError(/WHATSAPP_API_URL: must be an http/);
    expect(() => parseEnv({ WHATSAPP_PHONE_NUMBER_ID: "+966500000001" })).toThrowError(/WHATSAPP_PHONE_NUMBER_ID: must be the numeric phone number id/);
  });

  it("REGA's verification is off without its settings, on with all three, and refused when partly configured (decision 047)", () => {
    const rega = { REGA_API_URL: "https://integration-gw.nhc.sa/nhc/prod/v2/brokerage", REGA_CLIENT_ID: "client", REGA_CLIENT_SECRET: "secret" };
    expect(parseEnv({}).REGA_API_URL).toBeUndefined();
    expect(parseEnv(rega)).toMatchObject(rega);
    expect(() => parseEnv({ REGA_API_URL: rega.REGA_API_URL })).toThrowError(/REGA_CLIENT_ID: required[\s\S]*REGA_CLIENT_SECRET: required/);
    expect(() => parseEnv({ ...rega, REGA_API_URL: "ftp://rega.example" })).toThrowError(/REGA_API_URL: must be an http/);
  });

  it("production needs COOKIE_SECRET (the same on every instance); elsewhere a fixed development secret signs; a list rotates", () => {
    const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.sa", SMS_API_URL: "https://sms.example.sa/send" };
    expect(() => parseEnv(production)).toThrowError(/COOKIE_SECRET: required in production, the same on every instance/);
    // A command-line script (backup, restore, staff:create, storage:migrate) signs no cookie.
    expect(parseEnv(production, { signsCookies: false }).NODE_ENV).toBe("production");
    expect(parseEnv({ ...production, COOKIE_SECRET }).COOKIE_SECRETS).toEqual([COOKIE_SECRET]);
    expect(parseEnv({ ...production, COOKIE_SECRET: `${COOKIE_SECRET}, ${"older-secret-".repeat(3)}` }).COOKIE_SECRETS).toEqual([COOKIE_SECRET, "older-secret-".repeat(3)]);
    expect(() => parseEnv({ ...production, COOKIE_SECRET: "short" })).toThrowError(/COOKIE_SECRET: each secret must be at least 32 characters/);
    const development = parseEnv({}).COOKIE_SECRETS;
    expect(development).toHaveLength(1);
    expect(parseEnv({ NODE_ENV: "production", DEMO_MODE: "1" }).COOKIE_SECRETS).toEqual(development);
  });

  it("trims a trailing slash off PUBLIC_URL", () => {
    expect(parseEnv({ PUBLIC_URL: "https://example.sa/" }).PUBLIC_URL).toBe("https://example.sa");
  });

  it("behind a load balancer: how many proxies to believe, and how long to drain at a stop", () => {
    expect(parseEnv({})).toMatchObject({ TRUST_PROXY: 0, DRAIN_SECONDS: 0 });
    expect(parseEnv({ TRUST_PROXY: "2", DRAIN_SECONDS: "10" })).toMatchObject({ TRUST_PROXY: 2, DRAIN_SECONDS: 10 });
    expect(() => parseEnv({ TRUST_PROXY: "yes", DRAIN_SECONDS: "-1" })).toThrowError(/TRUST_PROXY: must be the number of proxies[\s\S]*DRAIN_SECONDS: /);
  });

  it("reads STORAGE_URL: the local disk under DATA_DIR when unset, a bucket when given, and refuses one it cannot use", () => {
    expect(parseEnv({ DATA_DIR: "/srv/aqar" }).STORAGE).toEqual({ kind: "local", dir: "/srv/aqar/uploads" });
    expect(parseEnv({ STORAGE_URL: "s3://aqar-photos?endpoint=https://s3.example.sa&forcePathStyle=true" }).STORAGE).toMatchObject({
      kind: "s3",
      bucket: "aqar-photos",
      endpoint: "https://s3.example.sa",
      forcePathStyle: true,
    });
    expect(() => parseEnv({ STORAGE_URL: "s3://aqar-photos?endpont=https://s3.example.sa" })).toThrowError(/STORAGE_URL: unknown option endpont/);
  });
});
