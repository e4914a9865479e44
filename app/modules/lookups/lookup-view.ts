import type { StatusVisibility } from "./status-visibility.ts";

/** A value of a lookup list as the settings page shows it (browser and server). */
export interface LookupItem {
  id: number;
  name: string;
  hidden: boolean;
  /** How many offers use it (exact name): a value in use can be hidden, not deleted. */
  uses: number;
  /** Rules of the site depend on it (the filterable statuses): no rename, hide or delete. */
  locked: boolean;
}

/** A status: also who sees its offers (decision 027). */
export interface StatusItem extends LookupItem {
  visibility: StatusVisibility;
  /** Days in «تم بيعها أو تأجيرها مؤخرًا» (a recent status's). */
  recentDays: number;
}

export interface CityItem extends LookupItem {
  neighbourhoods: LookupItem[];
}

/** Every lookup list, in its order, with hidden values. */
export interface LookupsAdminView {
  cities: CityItem[];
  propertyTypes: LookupItem[];
  unitTypes: LookupItem[];
  statuses: StatusItem[];
}
