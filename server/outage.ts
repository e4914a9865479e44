// Imported by server/app.ts.
import type { Request, Response } from "express";
import type { FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";

/** How long a client waits before trying again while the database does not answer. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The page a visitor sees while the database cannot be reached (issue 30): styled, in Arabic, with
 * nothing that needs the database or the app's JavaScript, so it shows whatever else is down. Its
 * style is inline (the policy allows inline styles) so that it stands alone.
 */
function outageHtml(body: string) {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${MESSAGES.outageTitle}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f6f7f9;color:#1f2937;font-family:"Cairo",system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;line-height:1.8}
main{max-width:32rem;margin:1.5rem;padding:2rem 1.75rem;background:#fff;border-radius:1rem;box-shadow:0 10px 30px rgba(15,23,42,.08);text-align:center}
h1{margin:0 0 .75rem;font-size:1.5rem;color:#0f3d5e}
p{margin:0 0 1.25rem}
p:last-child{margin:0}
a{display:inline-block;padding:.7rem 1.5rem;border-radius:.75rem;background:#0f3d5e;color:#fff;text-decoration:none;font-weight:700}
</style>
</head>
<body>
<main>
<h1>${MESSAGES.outageTitle}</h1>
${body}
</main>
</body>
</html>
`;
}

/** A page asked for: shown again by «حاول مرة أخرى» (the same address). */
const OUTAGE_PAGE = outageHtml(`<p>${MESSAGES.outagePage}</p>
<a href="">${MESSAGES.tryAgain}</a>`);

/**
 * A form sent before (or without) JavaScript: the form's own page is where the typed text is, and
 * the browser's back button brings it back with the fields as they were (decision 038); a link
 * could only load the page afresh, empty.
 */
const OUTAGE_FORM_PAGE = outageHtml(
  `<p>تعذّر إرسال النموذج الآن بسبب عطل مؤقت. ارجع إلى الصفحة السابقة بزر الرجوع في المتصفح تجد ما كتبته كما هو، ثم أرسله مرة أخرى بعد لحظات.</p>`,
);

/**
 * The same, said to a script. React Router's requests (`.data`) are answered by the browser's
 * middleware (keep-form-when-unreachable.ts) with this text; a form's own request for JSON (the
 * owner submission's upload) gets it as the form's reply, and keeps what was typed.
 */
const OUTAGE_TEXT = MESSAGES.serverUnreachable;

/**
 * Sees an answer the page cache did not send (it sends the stale copy of a public page itself):
 * when the app failed (5xx) and the database does not answer, the failure was the outage's, so the
 * answer is 503 with Retry-After — the styled page above for a page (or a form sent without
 * JavaScript), a form's reply for a request of JSON, a short text for the rest.
 * Returns true when it sent the answer. A 5xx while the database answers is a fault of its own and
 * goes out as it is.
 */
export function outageAnswer(databaseAnswers: () => Promise<boolean>) {
  return async (req: Request, res: Response, response: globalThis.Response): Promise<boolean> => {
    if (response.status < 500 || res.headersSent) return false;
    if (await databaseAnswers()) return false;
    await response.body?.cancel();
    res.status(503);
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    res.setHeader("Cache-Control", "no-store");
    const accept = req.headers.accept ?? "";
    if (!req.path.endsWith(".data") && accept.includes("text/html")) {
      res.type("text/html; charset=utf-8");
      res.end(req.method === "HEAD" ? undefined : req.method === "GET" ? OUTAGE_PAGE : OUTAGE_FORM_PAGE);
    } else if (accept.includes("application/json")) {
      res.json({ status: "error", error: { "": [OUTAGE_TEXT] } } satisfies FormReply);
    } else {
      res.type("text/plain; charset=utf-8");
      res.end(req.method === "HEAD" ? undefined : OUTAGE_TEXT);
    }
    return true;
  };
}
