/** What the alert pages show (shared by the server, which decides, and the pages, which say it). */

/** A saved search: its filters as /offers writes them (no '?') and in words. */
export interface AlertSearch {
  query: string;
  description: string;
}

/** Where a confirmation link stands (/alerts/confirm/<token>). */
export type ConfirmationState =
  | ({ kind: "pending" } & AlertSearch)
  | ({ kind: "confirmed"; unsubscribeToken: string } & AlertSearch)
  | ({ kind: "expired" } & AlertSearch)
  | ({ kind: "unsubscribed" } & AlertSearch)
  | { kind: "invalid" };

/** What an unsubscribe link cancels (/alerts/unsubscribe/<token>): one alert, or every alert of an address. */
export type UnsubscribeState = { kind: "invalid" } | { kind: "found"; scope: "alert" | "address"; searches: AlertSearch[]; active: boolean };

/** The address of a saved search's results. */
export const offersHref = (query: string) => `/offers${query ? `?${query}` : ""}`;
