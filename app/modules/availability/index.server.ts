/** The availability module's public entry for server code (decision 044): offers that are really available (decision 046). */
export { availabilityJobs, confirmTaskOffer, listAvailabilityAttention, offerAvailabilityOf } from "./availability.server.ts";
export { handleConfirmPost } from "./confirm-action.server.ts";
