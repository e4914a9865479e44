import { Section } from "~/components/admin/section.tsx";
import { STATEMENT_MESSAGES, type StatementRow } from "../statement-view.ts";
import { IssueForm } from "./statement-forms.tsx";
import { StatementList } from "./statement-list.tsx";

/** The owner page's «كشوف الحساب» (the manager and the accountant): the months, and the manager's «إصدار الكشف الآن». */
export function OwnerStatementsSection({
  ownerId,
  statements,
  canIssue,
  lastMonth,
  currentMonth,
}: {
  ownerId: number;
  statements: StatementRow[];
  canIssue: boolean;
  lastMonth: string;
  currentMonth: string;
}) {
  const back = `/admin/owners/${ownerId}`;
  return (
    <Section id="statements" title={STATEMENT_MESSAGES.section}>
      <div className="grid gap-4">
        {statements.length ? <StatementList statements={statements} show="month" back={back} /> : <p className="text-stone-600">{STATEMENT_MESSAGES.none}</p>}
        {canIssue ? <IssueForm ownerId={ownerId} defaultMonth={lastMonth} currentMonth={currentMonth} back={back} /> : null}
      </div>
    </Section>
  );
}
