/** Where the task form's offer picker asks for offers (`?q=`), and what each answer lists. */
export const OFFER_PICKER_URL = "/admin/tasks/offers";

/** An offer as the picker lists it. */
export interface OfferChoice {
  id: number;
  title: string;
  city: string;
  location: string;
}
