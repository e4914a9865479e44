import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { handleLoginPost } from "~/modules/auth/login-action.server.ts";
import type { SmsMessage } from "~/modules/messaging/sms.server.ts";
import { cookieSettings } from "~/utils/cookies.server.ts";
import type { Env } from "~/utils/env.server.ts";
import { readAnswer } from "./form-answer.ts";
import { formData } from "./form-data.ts";

/**
 * The sign-in page's action (/login) as a browser posts to it: from `address` unless a post names
 * another, carrying its sign-in cookie (`flowToken`) when it has one. Every SMS it sends lands in `texts`.
 */
export function signInPage(db: () => Db, env: Env, address: string) {
  const cookies = cookieSettings(env);
  const texts: SmsMessage[] = [];
  const services = () => ({ db: db(), env, sms: { send: (message: SmsMessage) => Promise.resolve(void texts.push(message)) } }) as unknown as AppServices;
  return {
    cookies,
    texts,
    /** The answer as the page gets it. */
    post: async (fields: Record<string, string>, from: { flowToken?: string; address?: string } = {}) =>
      readAnswer(await handleLoginPost(services(), { form: formData(fields), flowToken: from.flowToken, address: from.address ?? address }), env),
    /** The sign-in cookie a redirect set. */
    flowTokenOf: (headers: Headers) =>
      headers
        .getSetCookie()
        .find((line) => line.startsWith(`${cookies.signIn}=`))
        ?.split(";")[0]!
        .slice(cookies.signIn.length + 1),
  };
}
