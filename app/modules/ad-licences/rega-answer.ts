/** REGA's answers as the server and the offer form share them (decision 047); no server import. */

/** What REGA says of a licence it knows: its dates and the property's details the offer form has fields for. */
export interface RegaLicence {
  number: string;
  /** `YYYY-MM-DD`, or null when REGA gives none. */
  issuedOn: string | null;
  expiresOn: string | null;
  deedNumber: string;
  planNumber: string;
  plotNumber: string;
}

/** What «تحقق من الترخيص» answers the form: REGA's data for the fields it has, or why not. */
export type LicenceCheckAnswer = { ok: true; message: string; licence: RegaLicence } | { ok: false; message: string };

/** Where the offer form posts «تحقق من الترخيص». */
export const LICENCE_CHECK_PATH = "/admin/offers/licence-check";
