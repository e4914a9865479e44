import { eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { clientEvents, clients, staffUsers } from "~/db/schema.ts";
import { recordAudit, SYSTEM_ACTOR } from "~/modules/audit/index.server.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { log } from "~/utils/log.server.ts";
import { getClientRules, listAssignableStaff } from "./rules.server.ts";

export interface ClientOwner {
  id: number;
  name: string;
  email: string;
}

async function ownerById(tx: Tx, id: number): Promise<ClientOwner | undefined> {
  const [row] = await tx
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(sql`${staffUsers.id} = ${id} and ${staffUsers.active} and ${staffUsers.role} in ('manager', 'staff')`);
  return row;
}

/** «The manager»: the first active manager (the one who has been on the staff longest). */
async function firmManager(tx: Tx): Promise<ClientOwner | undefined> {
  const staff = await listAssignableStaff(tx);
  const manager = staff.find((member) => member.role === "manager");
  return manager ? ownerById(tx, manager.id) : undefined;
}

/**
 * The owner the manager's rule (settings, «العملاء») gives a new client: the manager; in turn
 * among the active employees (each new client takes the sequence's next number, so two clients
 * made at once get two numbers and two employees); or the employee of the client's city, any other
 * city to the manager. Nobody to give it to (no employee yet): the manager.
 */
async function ownerByRule(tx: Tx, city: string): Promise<ClientOwner | undefined> {
  const rules = await getClientRules(tx);
  if (rules.assignmentMode === "turn") {
    const employees = (await listAssignableStaff(tx)).filter((member) => member.role === "staff");
    if (employees.length) {
      const { rows } = await tx.execute<{ turn: string }>(sql`select nextval('client_assignment_turn') as turn`);
      return ownerById(tx, employees[Number(BigInt(rows[0]!.turn) % BigInt(employees.length))]!.id);
    }
  }
  if (rules.assignmentMode === "city" && city) {
    const match = rules.cityOwners.find((row) => row.city === city.trim());
    const owner = match ? await ownerById(tx, match.staffId) : undefined;
    if (owner) return owner;
  }
  return firmManager(tx);
}

/**
 * Gives a new client their owner by the manager's rule, in the transaction that made the client:
 * on their timeline, in the audit log like the manager's reassignment (its actor the system), and
 * the owner is told by e-mail (the mail outbox, decision 032).
 */
export async function assignNewClient(tx: Tx, client: { id: number; name: string; at: Date }, city: string): Promise<ClientOwner | undefined> {
  const owner = await ownerByRule(tx, city);
  if (!owner) return undefined;
  await tx.update(clients).set({ ownerId: owner.id }).where(eq(clients.id, client.id));
  await tx.insert(clientEvents).values({ clientId: client.id, kind: "assigned", at: client.at, refId: owner.id, details: { ownerName: owner.name, by: "rule" } });
  await recordAudit(tx, SYSTEM_ACTOR, "client", client.id, "client-assigned", { from: null, to: owner.id, by: "rule" });
  await queueOwnerNotice(tx, owner, client);
  return owner;
}

/** The e-mail that tells a staff member a client is now theirs (a new one by the rule, or given by the manager). */
export async function queueOwnerNotice(tx: Tx, owner: ClientOwner, client: { id: number; name: string }): Promise<void> {
  if (!owner.email) {
    log.warn("client owner not told: no e-mail address", { clientId: client.id, ownerId: owner.id });
    return;
  }
  await queueEmail(tx, {
    purpose: "client-assigned",
    to: owner.email,
    subject: `عميل جديد لك: ${client.name}`,
    body: [`مرحبًا ${owner.name}،`, "", `أصبح العميل «${client.name}» من عملائك. يرجى التواصل معه في أقرب وقت.`, "", COMPANY_NAME].join("\n"),
    link: { label: "لفتح صفحة العميل", path: `/admin/clients/${client.id}` },
  });
}
