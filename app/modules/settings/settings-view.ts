/** The settings page's forms as they start: the saved values, as the forms post them (browser and server). */
export interface SettingsFormValues {
  notifications: {
    managerEmail: string;
    managerWhatsapp: string;
    /** A ticked box posts "on". */
    dailyEmailReport: "on" | undefined;
    dailyWhatsappReport: "on" | undefined;
    dailyReportHour: string;
  };
  firm: {
    companyPhone: string;
    companyWhatsapp: string;
    companyEmail: string;
    companyAddress: string;
    workingHours: string;
    commercialRegistration: string;
    falLicence: string;
    mapLat: string;
    mapLng: string;
  };
  adLicence: {
    /** A ticked box posts "on". */
    requireAdLicence: "on" | undefined;
    licenceVerificationTemplate: string;
  };
  map: {
    mapTileUrl: string;
  };
  availability: {
    availabilityConfirmDays: string;
  };
}
