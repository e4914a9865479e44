import { describe, expect, it } from "vitest";
import { describeTaskHistory } from "./task-history.ts";
import { boardHref, isOverdue, taskCountText } from "./task-view.ts";

describe("the board's words and addresses", () => {
  it("counts tasks as Arabic agrees the word with the number", () => {
    expect([0, 1, 2, 3, 10, 11, 53, 100, 102].map(taskCountText)).toEqual([
      "لا توجد مهام",
      "مهمة واحدة",
      "مهمتان",
      "٣ مهام",
      "١٠ مهام",
      "١١ مهمة",
      "٥٣ مهمة",
      "١٠٠ مهمة",
      "١٠٢ مهمة",
    ]);
  });

  it("a due date is overdue once passed, only while the task is open", () => {
    expect(isOverdue({ status: "Pending", dueDate: "2026-11-22" }, "2026-11-23")).toBe(true);
    expect(isOverdue({ status: "Pending", dueDate: "2026-11-23" }, "2026-11-23")).toBe(false);
    expect(isOverdue({ status: "Completed", dueDate: "2026-11-01" }, "2026-11-23")).toBe(false);
    expect(isOverdue({ status: "In Progress", dueDate: null }, "2026-11-23")).toBe(false);
  });

  it("paging keeps every filter", () => {
    expect(boardHref({ page: 1 })).toBe("/admin/tasks");
    expect(boardHref({ status: "In Progress", assignee: 4, open: true, late: true, q: "عقد & إيجار", page: 1 }, 3)).toBe(
      "/admin/tasks?status=In+Progress&assignee=4&open=1&late=1&q=%D8%B9%D9%82%D8%AF+%26+%D8%A5%D9%8A%D8%AC%D8%A7%D8%B1&page=3",
    );
  });

  it("a task's history in words: the status moves, the assignee, a request's amount, a decision's notes", () => {
    const at = new Date("2026-11-23T09:00:00Z");
    const history = describeTaskHistory(
      [
        { action: "task-created", actorName: "المدير", details: { assignedTo: 7 }, at },
        { action: "status-change", actorName: "سارة", details: { from: "Pending", to: "In Progress" }, at },
        { action: "finance-request", actorName: "نورة", details: { amount: 350.5, type: "expense" }, at },
        { action: "reject", actorName: "المدير", details: { notes: "لا يوجد إيصال" }, at },
      ],
      new Map([[7, "سارة"]]),
    );
    expect(history.map((entry) => [entry.label, entry.detail])).toEqual([
      ["إنشاء مهمة", "أُسندت إلى سارة"],
      ["تغيير الحالة", "من «قيد الانتظار» إلى «قيد التنفيذ»"],
      ["طلب اعتماد مالي", expect.stringMatching(/^المبلغ .+ \(مصروف\)$/)],
      ["رفض", "سبب الرفض: لا يوجد إيصال"],
    ]);
    expect(history[0]!.at).toBe("2026-11-23T09:00:00.000Z");
  });
});
