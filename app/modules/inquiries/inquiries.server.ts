import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { inquiries, offers } from "~/db/schema.ts";
import { attachMessageToClient } from "~/modules/clients/index.server.ts";
import { queueInquiryNotice } from "~/modules/notifications/manager-notifications.server.ts";
import type { InquiryData } from "./inquiry-schema.ts";

/**
 * Stores a visitor's inquiry as 'pending'. When it names an offer that exists, the offer's
 * own title is recorded (never the one the browser sent); an unknown offer id is dropped. The
 * manager's e-mail is queued in the same transaction (decision 032): stored means it will be sent.
 * The inquiry joins its writer's client (by phone, decision 045): a message without an offer is a
 * contact message on the client's timeline.
 */
export async function createInquiry(db: Db, data: InquiryData) {
  let propertyId: number | null = null;
  let propertyTitle = data.propertyTitle;
  let city = "";
  if (data.propertyId) {
    const [offer] = await db.select({ id: offers.id, title: offers.title, city: offers.city }).from(offers).where(eq(offers.id, data.propertyId));
    if (offer) {
      propertyId = offer.id;
      propertyTitle = offer.title;
      city = offer.city;
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        name: data.name,
        phone: data.phone,
        email: data.email,
        message: data.message,
        propertyId,
        propertyTitle,
        status: "pending",
      })
      .returning();
    const { clientId } = await attachMessageToClient(tx, {
      kind: propertyId === null && propertyTitle === "" ? "contact" : "inquiry",
      refId: row!.id,
      name: row!.name,
      phone: row!.phone,
      email: row!.email,
      at: row!.createdAt,
      details: { title: propertyTitle },
      city,
    });
    const [linked] = await tx.update(inquiries).set({ clientId }).where(eq(inquiries.id, row!.id)).returning();
    await queueInquiryNotice(tx, linked!);
    return linked!;
  });
}
