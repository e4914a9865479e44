export type { OfferDetails, OfferUnit } from "~/db/column-types.ts";
