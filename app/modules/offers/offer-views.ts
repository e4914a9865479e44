import type { ImageRef } from "~/utils/image-ref.ts";
import type { AdLicenceState, OfferAdLicence, RentPeriod } from "~/modules/ad-licences/index.ts";
import type { OfferDetails, OfferUnit } from "./details.ts";

/** An offer as a card in a list. */
export interface OfferCard {
  id: number;
  title: string;
  price: number;
  propertyType: string;
  status: string;
  city: string;
  location: string;
  area: number;
  bedrooms: number;
  bathrooms: number;
  /** For rent offers: the period the price is for; '' otherwise. */
  rentPeriod: RentPeriod | "";
  mainImage: ImageRef | null;
}

/** Everything the offer page shows. */
export interface OfferPageView extends OfferCard {
  description: string;
  isCorner: boolean;
  floors: string;
  locationUrl: string;
  coordinates: { lat: number; lng: number } | null;
  details: OfferDetails;
  units: OfferUnit[];
  adLicence: OfferAdLicence;
  images: ImageRef[]; // main first
  createdAt: string;
  updatedAt: string;
  /** When the firm last confirmed it is available (decision 046). */
  availableConfirmedAt: string;
}

/** A row of the back-office list. */
export interface AdminOfferRow {
  id: number;
  title: string;
  status: string;
  city: string;
  price: number;
  thumbnail: ImageRef | null;
  /** The ad licence's state now: the list's badge (decision 017). */
  licence: AdLicenceState;
}

/** Status badge colours on the public site (for rent is blue here, green in the back office). */
export function publicStatusTone(status: string): "green" | "blue" | "yellow" | "orange" | "red" | "grey" {
  switch (status) {
    case "للبيع":
      return "green";
    case "للإيجار":
      return "blue";
    case "محجوز":
      return "yellow";
    case "مؤجل":
      return "orange";
    case "مباع":
    case "مؤجر":
      return "red";
    default:
      return "grey";
  }
}

/** Status badge colours in the back office: as on the site, except for rent is green. */
export function adminStatusTone(status: string): ReturnType<typeof publicStatusTone> {
  return status === "للإيجار" ? "green" : publicStatusTone(status);
}
