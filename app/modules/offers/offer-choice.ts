import type { PickedRecord } from "~/components/forms/record-picker.tsx";

/** An offer as a picker lists it (the task form's, the viewing form's): its title as `label`, its place. */
export interface OfferChoice extends PickedRecord {
  city: string;
  location: string;
}
