import { AddressSlots } from "~/utils/address-slots.ts";

/**
 * How many live-update streams (GET /api/offers/events) this process keeps open: in all, and per
 * client address, so one address cannot take every slot. Beyond either limit the stream is
 * refused and the browser keeps its ordinary fetches (decision 007).
 */
export const OFFER_STREAM_LIMITS = {
  total: 2000,
  /** A family or an office behind one address opens a few tabs; 20 is plenty. */
  perAddress: 20,
} as const;

/** The process's slots, shared by every request to the stream. */
export const offerStreamSlots = new AddressSlots(OFFER_STREAM_LIMITS);
