/**
 * The diary's demo viewings (issue 32): this week's, so /admin/viewings is never empty in demo
 * mode — two confirmed to come, one done with its outcome, one a visitor asked for. Their clients
 * are the demo's own (by phone), made here when no one has made them yet.
 */
import { count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { clientEvents, clientPhones, clients, offers, staffUsers, viewings } from "~/db/schema.ts";
import { meetingPointOf } from "~/modules/viewings/viewings.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";

const HOUR = 60 * 60_000;

const DEMO_CLIENTS = [
  { name: "عبدالله الشهري", phone: "+966551110201" },
  { name: "منى الدوسري", phone: "+966551110202" },
  { name: "ياسر الغامدي", phone: "+966551110203" },
  { name: "هند المطيري", phone: "+966551110204" },
] as const;

/** A Riyadh day `days` from today at `hour`:00 Riyadh. */
function riyadhAt(now: number, days: number, hour: number): Date {
  const day = riyadhDayOf(now + days * 24 * HOUR);
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour - 3));
}

export async function seedDemoViewings(db: Db, now = Date.now()) {
  const [existing] = await db.select({ n: count() }).from(viewings);
  if ((existing?.n ?? 0) > 0) return;
  const staff = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(inArray(staffUsers.username, ["sara", "khaled"]));
  const sara = staff.find((s) => s.username === "sara")?.id;
  const khaled = staff.find((s) => s.username === "khaled")?.id;
  const list = await db.select().from(offers).orderBy(desc(offers.createdAt), desc(offers.id)).limit(4);
  if (!sara || !khaled || list.length < 4) return;
  await db.transaction(async (tx) => {
    const clientIds: number[] = [];
    for (const demo of DEMO_CLIENTS) {
      const [known] = await tx.select({ id: clientPhones.clientId }).from(clientPhones).where(eq(clientPhones.phone, demo.phone));
      if (known) {
        clientIds.push(known.id);
        continue;
      }
      const [made] = await tx
        .insert(clients)
        .values({ name: demo.name, firstMessageAt: new Date(now - 72 * HOUR) })
        .returning({ id: clients.id });
      await tx.insert(clientPhones).values({ phone: demo.phone, clientId: made!.id });
      clientIds.push(made!.id);
    }
    const rows = [
      { offer: list[0]!, clientId: clientIds[0]!, staffId: sara, startsAt: riyadhAt(now, 1, 17), status: "confirmed" as const },
      { offer: list[1]!, clientId: clientIds[1]!, staffId: khaled, startsAt: riyadhAt(now, 2, 18), status: "confirmed" as const },
      { offer: list[2]!, clientId: clientIds[2]!, staffId: sara, startsAt: riyadhAt(now, -1, 17), status: "done" as const, outcome: "interested" as const },
      { offer: list[3]!, clientId: clientIds[3]!, staffId: null, startsAt: riyadhAt(now, 3, 19), status: "requested" as const },
    ];
    for (const row of rows) {
      const [made] = await tx
        .insert(viewings)
        .values({
          offerId: row.offer.id,
          clientId: row.clientId,
          staffId: row.staffId,
          startsAt: row.startsAt,
          endsAt: new Date(row.startsAt.getTime() + HOUR),
          status: row.status,
          outcome: row.outcome ?? null,
          bookedBy: row.staffId,
          confirmedAt: row.staffId ? new Date(now - 48 * HOUR) : null,
          ...meetingPointOf(row.offer),
          createdAt: new Date(now - 48 * HOUR),
        })
        .returning({ id: viewings.id });
      await tx.insert(clientEvents).values({
        clientId: row.clientId,
        kind: "viewing",
        at: new Date(now - 48 * HOUR),
        actorId: row.staffId,
        refId: made!.id,
        details: { action: row.staffId ? "booked" : "requested", title: row.offer.title, startsAt: row.startsAt.toISOString() },
      });
    }
  });
}
