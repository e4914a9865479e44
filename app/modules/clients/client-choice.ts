import type { PickedRecord } from "~/components/forms/record-picker.tsx";

/** A client as a picker lists them (the viewing form's): their name as `label`, their first phone written for reading. */
export interface ClientChoice extends PickedRecord {
  phone: string | null;
}
