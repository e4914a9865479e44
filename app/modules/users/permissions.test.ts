import { describe, expect, it } from "vitest";
import { adminSectionOf, ADMIN_SECTIONS, canOpenSection, sidebarLinks, type AdminSection } from "./permissions.ts";
import { roleTitle } from "./roles.ts";

// Who may open each back-office section, written out again so a change to the table must be deliberate.
const EXPECTED: Record<AdminSection, string[]> = {
  "": ["manager", "accountant", "staff"],
  profile: ["manager", "accountant", "staff"],
  tasks: ["manager", "accountant", "staff"],
  offers: ["manager", "staff"],
  inquiries: ["manager", "staff"],
  submissions: ["manager", "staff"],
  finance: ["manager", "accountant"],
  content: ["manager"],
  licenses: ["manager"],
  reports: ["manager"],
  settings: ["manager"],
  viewings: ["manager", "staff"],
  // Issue 32: the accountant works on no client (an employee only on their own: the modules' tests).
  matches: ["manager", "staff"],
  clients: ["manager", "staff"],
  owners: ["manager", "accountant", "staff"],
  properties: ["manager", "accountant", "staff"],
  tenants: ["manager", "accountant", "staff"],
  leases: ["manager", "accountant", "staff"],
  rent: ["manager", "accountant", "staff"],
  // Maintenance (decision 054): the accountant reads (the module refuses their posts).
  maintenance: ["manager", "accountant", "staff"],
  units: ["manager", "accountant", "staff"],
  // Owners' statements (decision 055): never an employee.
  statements: ["manager", "accountant"],
};

describe("back-office route table", () => {
  it.each(Object.keys(EXPECTED) as AdminSection[])("section '%s' opens for exactly its roles", (section) => {
    for (const role of ["manager", "accountant", "staff", "intruder"]) {
      expect(canOpenSection(role, section)).toBe(EXPECTED[section].includes(role));
    }
  });

  it("covers every back-office section and no other", () => {
    expect(Object.keys(ADMIN_SECTIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it("reads the section from page and data URLs", () => {
    expect(adminSectionOf("/admin")).toBe("");
    expect(adminSectionOf("/admin/")).toBe("");
    expect(adminSectionOf("/admin.data")).toBe("");
    expect(adminSectionOf("/admin/offers/edit/3")).toBe("offers");
    expect(adminSectionOf("/admin/finance.data")).toBe("finance");
    expect(adminSectionOf("/admin/nothing-here")).toBeUndefined();
    expect(adminSectionOf("/administrator")).toBeUndefined();
  });

  it("shows each role exactly the links it may open", () => {
    expect(sidebarLinks("accountant").map((l) => l.to)).toEqual([
      "/admin",
      "/admin/profile",
      "/admin/tasks",
      "/admin/owners",
      "/admin/rent",
      "/admin/maintenance",
      "/admin/statements",
      "/admin/finance",
    ]);
    expect(sidebarLinks("staff").map((l) => l.to)).toEqual([
      "/admin",
      "/admin/profile",
      "/admin/tasks",
      "/admin/offers",
      "/admin/inquiries",
      "/admin/submissions",
      "/admin/clients",
      "/admin/viewings",
      "/admin/matches",
      "/admin/owners",
      "/admin/rent",
      "/admin/maintenance",
    ]);
    expect(sidebarLinks("manager")).toHaveLength(18);
    // A client's requirements are in the clients' section.
    expect(adminSectionOf("/admin/clients/3/requirements")).toBe("clients");
    expect(sidebarLinks("intruder")).toEqual([]);
  });

  it("names the roles in Arabic", () => {
    expect([roleTitle("manager"), roleTitle("accountant"), roleTitle("staff"), roleTitle("x")]).toEqual(["المدير العام", "المحاسب", "الموظف", "لم يتم تحديد دور"]);
  });
});
