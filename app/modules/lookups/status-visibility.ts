/**
 * Who sees an offer in a status (decision 027), a property of each value of the statuses' lookup
 * list, edited on the settings page. Browser-safe: the settings page and the server read it.
 * - available: listed everywhere a visitor looks (list, search, map, home, alerts, sitemap).
 * - recent: a sold or rented offer, shown only in «تم بيعها أو تأجيرها مؤخرًا», with its badge and
 *   without an inquiry form or compare, for the status's number of days after it entered it.
 * - internal: never shown to a visitor; its offer page answers as a removed offer's.
 */
/** Only these two statuses filter the public list; any other value is ignored. */
export const FILTERABLE_STATUSES = ["للبيع", "للإيجار"] as const;

import { STATUS_VISIBILITIES, type StatusVisibility } from "~/db/column-types.ts";

export { STATUS_VISIBILITIES, type StatusVisibility };

export const STATUS_VISIBILITY_LABELS: Record<StatusVisibility, string> = {
  available: "متاح للزوار",
  recent: "يظهر في «تم بيعها أو تأجيرها مؤخرًا»",
  internal: "داخلي (لا يظهر للزوار)",
};

/** A new status's visibility (a custom one): internal until the manager says otherwise. */
export const NEW_STATUS_VISIBILITY: StatusVisibility = "internal";

/** The default statuses' visibility: reserved is internal (a buyer cannot act on it; see decision 027). */
export const DEFAULT_STATUS_VISIBILITY: Readonly<Record<string, StatusVisibility>> = {
  للبيع: "available",
  للإيجار: "available",
  مباع: "recent",
  مؤجر: "recent",
  محجوز: "internal",
  مؤجل: "internal",
};

/** The longest a sold or rented offer may stay in its section (the default, 90 days, is the column's: db/schema.ts). */
export const RECENT_DAYS_MAX = 365;

/** The section's title on /offers and home. */
export const RECENT_SECTION_TITLE = "تم بيعها أو تأجيرها مؤخرًا";
