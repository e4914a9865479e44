/** The public report page's answer to a post (the browser reads it: no server code here). */
export interface ReportReply {
  ok: boolean;
  /** The stored report's number, after «إرسال البلاغ». */
  reportId?: number;
  /** «إرسال رمز التحقق» went through: the code is on its way. */
  codeSent?: boolean;
  /** A message about the whole form (a limit, the bot check, the SMS provider). */
  formError?: string;
  /** A message under a field, by its name. */
  fieldErrors?: Record<string, string>;
  /** What was typed, given back after a refusal (never the code). */
  values: Record<string, string>;
}
