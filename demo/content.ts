import type { SceneSpec } from "./scene-spec.ts";

/** Photos of site content: the about page's two galleries (stored as comma-separated links) and the contact page. */
export const DEMO_CONTENT_SCENES = {
  about_section1_images: [
    { kind: "commercial-building", time: "noon", seed: 21 },
    { kind: "majlis", time: "sunset", seed: 4 },
    { kind: "living-room", time: "morning", seed: 8 },
  ],
  about_section2_images: [
    { kind: "apartment-building", time: "sunset", seed: 14 },
    { kind: "villa", time: "morning", seed: 12 },
  ],
  contact_page_image: [{ kind: "majlis", time: "morning", seed: 31 }],
} as const satisfies Record<string, readonly SceneSpec[]>;

/** The home page's hero photo. */
export const DEMO_HERO_SCENE: SceneSpec = { kind: "villa", time: "sunset", seed: 7 };

/** Licences: generated certificate images (certificates.ts) with their real-world names. */
export const DEMO_LICENCES = [
  { alt: "رخصة فال للوساطة والتسويق العقاري", variant: 0 },
  { alt: "السجل التجاري", variant: 1 },
  { alt: "شهادة عضوية الغرفة التجارية", variant: 2 },
  { alt: "ترخيص الهيئة العامة للعقار لإدارة الأملاك", variant: 3 },
] as const;

/** The firm's numbers in the settings row (per-firm configuration, empty outside demo mode). */
export const DEMO_SETTINGS = {
  companyWhatsapp: "966500000000",
  managerEmail: "manager@example.sa",
  managerWhatsapp: "966500000001",
} as const;

/**
 * The firm's public details shown in the footer, on the contact page and in the JSON-LD
 * (settings; empty outside demo mode): made-up numbers of the right shape, an address in
 * Riyadh's Olaya district and its point on the map.
 */
export const DEMO_FIRM_DETAILS = {
  companyPhone: "+966110000000",
  companyEmail: "info@example.sa",
  companyAddress: "طريق الملك فهد، حي العليا، الرياض 12211",
  workingHours: "الأحد إلى الخميس، ٩ صباحًا إلى ٥ مساءً",
  commercialRegistration: "1010000000",
  falLicence: "1200000000",
  mapLat: 24.6907,
  mapLng: 46.685,
} as const;
