import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, isCommonPassword } from "./common-passwords.ts";
import { MESSAGES } from "./messages.ts";
import { ARGON2_PARAMETERS, checkNewPassword, hashPassword, needsRehash, PASSWORD_RULES, verifyAgainstDummy, verifyPassword } from "./password.server.ts";

/** The argon2id example of the reference implementation (phc-winner-argon2): "password", salt "somesalt". */
const REFERENCE_HASH = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";

describe("password hashing (argon2id)", () => {
  it("stores a PHC string with its parameters and verifies the same password", async () => {
    const stored = await hashPassword("بيت-الرياض-2024");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("بيت-الرياض-2024", stored)).toBe(true);
  });

  it("refuses a wrong password, including one that differs by case or one character", async () => {
    const stored = await hashPassword("Correct horse 7");
    expect(await verifyPassword("correct horse 7", stored)).toBe(false);
    expect(await verifyPassword("Correct horse 8", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash: the same password hashes differently each time, and both verify", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
    expect(first.split("$")[4]).not.toBe(second.split("$")[4]);
    expect(await verifyPassword("same password", first)).toBe(true);
    expect(await verifyPassword("same password", second)).toBe(true);
  });

  it("reads hashes made elsewhere with other parameters (the reference implementation's example)", async () => {
    expect(await verifyPassword("password", REFERENCE_HASH)).toBe(true);
    expect(await verifyPassword("passwore", REFERENCE_HASH)).toBe(false);
  });

  it("matches the same Arabic text whatever Unicode form the device sent", async () => {
    // "لا" as the presentation-form ligature (U+FEFB) and as two letters.
    const stored = await hashPassword("كلمة\uFEFBسر");
    expect(await verifyPassword("كلمة\u0644\u0627سر", stored)).toBe(true);
  });

  it("treats a malformed stored value as a wrong password", async () => {
    const good = await hashPassword("secret-123");
    const [, , version, params, salt, hash] = good.split("$");
    const malformed = [
      "",
      "secret-123",
      "$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
      good.slice(0, -5),
      `$argon2i$${version}$${params}$${salt}$${hash}`,
      `$argon2id$v=16$${params}$${salt}$${hash}`,
      `$argon2id$${version}$m=4194304,t=2,p=1$${salt}$${hash}`,
      `$argon2id$${version}$m=19456,t=0,p=1$${salt}$${hash}`,
      `$argon2id$${version}$m=19456,t=2,p=0$${salt}$${hash}`,
      `$argon2id$${version}$m=19456,t=2,p=1$${salt}$`,
      `$argon2id$${version}$m=19456,t=2,p=1$c2FsdA$${hash}`,
      `$argon2id$${version}$${params}$${salt}$${hash}==`,
      `$argon2id$${version}$${params}$${salt}$${hash}$extra`,
      ` ${good}`,
    ];
    for (const stored of malformed) expect(await verifyPassword("secret-123", stored), stored).toBe(false);
  });

  it("says when a stored hash was made with other parameters", async () => {
    expect(needsRehash(await hashPassword("x"))).toBe(false);
    expect(needsRehash(REFERENCE_HASH)).toBe(true);
    expect(needsRehash("not a hash")).toBe(true);
  });

  it("spends a real check's time on an unknown account, and never succeeds", async () => {
    const stored = await hashPassword("real password");
    await verifyAgainstDummy("warm up");
    const time = async (check: () => Promise<boolean>) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await check();
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const real = await time(() => verifyPassword("guess", stored));
    const dummy = await time(() => verifyAgainstDummy("guess"));
    expect(dummy).toBeGreaterThan(real * 0.3);
    expect(await verifyAgainstDummy("")).toBe(false);
  });

  it("uses OWASP's argon2id parameters", () => {
    expect(ARGON2_PARAMETERS).toMatchObject({ memory: 19_456, passes: 2, parallelism: 1 });
  });
});

describe("new password rules (SPEC.md §5)", () => {
  it("accepts a matching password of at least 6 characters that is not common", () => {
    expect(checkNewPassword("Najd-1445", "Najd-1445")).toEqual({ ok: true, password: "Najd-1445" });
    expect(checkNewPassword("شقة٢٠٢٤", "شقة٢٠٢٤")).toEqual({ ok: true, password: "شقة٢٠٢٤" });
  });

  it("requires both fields", () => {
    const required = { ok: false, message: "يرجى إدخال كلمة المرور الجديدة وتأكيدها" };
    expect(checkNewPassword("", "")).toEqual(required);
    expect(checkNewPassword("Najd-1445", "")).toEqual(required);
    expect(checkNewPassword("", "Najd-1445")).toEqual(required);
    expect(checkNewPassword(null, undefined)).toEqual(required);
    expect(checkNewPassword("      ", "      ")).toEqual(required);
    expect(MESSAGES.passwordRequired).toBe(required.message);
  });

  it("refuses a confirmation that does not match", () => {
    expect(checkNewPassword("Najd-1445", "Najd-1446")).toEqual({ ok: false, message: "كلمات المرور غير متطابقة" });
  });

  it("refuses fewer than 6 characters, counting Arabic letters as one each", () => {
    expect(PASSWORD_RULES.minLength).toBe(6);
    expect(checkNewPassword("Nj-14", "Nj-14")).toEqual({ ok: false, message: "يجب أن تكون كلمة المرور 6 أحرف على الأقل" });
    expect(checkNewPassword("بيتنا", "بيتنا")).toEqual({ ok: false, message: "يجب أن تكون كلمة المرور 6 أحرف على الأقل" });
    expect(checkNewPassword("Nj-145", "Nj-145")).toMatchObject({ ok: true });
    expect(MESSAGES.passwordTooShort).toContain(String(PASSWORD_RULES.minLength));
  });

  it("refuses an overlong password", () => {
    const long = "ب".repeat(PASSWORD_RULES.maxLength + 1);
    expect(checkNewPassword(long, long)).toEqual({ ok: false, message: MESSAGES.tooLong });
  });

  it("refuses the most common passwords, whatever their case", () => {
    const common = { ok: false, message: "كلمة المرور هذه شائعة وسهلة التخمين، يرجى اختيار كلمة مرور أقوى" };
    expect(checkNewPassword("123456", "123456")).toEqual(common);
    expect(checkNewPassword("Password1", "Password1")).toEqual(common);
    expect(checkNewPassword("QWERTY123", "QWERTY123")).toEqual(common);
    expect(checkNewPassword("١٢٣٤٥٦٧٨", "١٢٣٤٥٦٧٨")).toEqual(common);
    expect(checkNewPassword("ضصثقيه", "ضصثقيه")).toEqual(common);
    expect(checkNewPassword("ksa123456", "ksa123456")).toEqual(common);
  });

  it("keeps about 200 common passwords, each long enough to get past the length rule", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const password of COMMON_PASSWORDS) {
      expect([...password].length, password).toBeGreaterThanOrEqual(PASSWORD_RULES.minLength);
      expect(password, password).toBe(password.toLowerCase().trim());
      expect(isCommonPassword(password.toUpperCase())).toBe(true);
    }
  });
});
