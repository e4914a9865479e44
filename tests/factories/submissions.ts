/** The owner's request form filled in as a visitor posts it: its text fields, numbers as typed. */
export const VALID_SUBMISSION = {
  clientName: "عبدالله القحطاني",
  clientPhone: "0551234567",
  clientEmail: "",
  propertyType: "فيلا",
  city: "الرياض",
  neighbourhood: "حطين",
  area: "450",
  description: "فيلا دورين وملحق، عمرها خمس سنوات",
  goal: "sale",
};

/** An owner's request as the server keeps it, read and cleaned (what createSubmission and the manager's notice take), but for its goal. */
export const STORED_SUBMISSION = {
  clientName: "سعد",
  clientPhone: "+966551112244",
  clientEmail: "",
  propertyType: "شقة",
  city: "الرياض",
  neighbourhood: "الملقا",
  area: 120,
  description: "شقة",
  expectedPrice: null,
};
