import type { SceneSpec } from "./scene-spec.ts";

/** Demo photos of site content: the about page's two galleries (comma-separated, SPEC.md §2) and the contact page. */
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

/** Demo licences: generated certificate images (certificates.ts) with their real-world names. */
export const DEMO_LICENCES = [
  { alt: "رخصة فال للوساطة والتسويق العقاري", variant: 0 },
  { alt: "السجل التجاري", variant: 1 },
  { alt: "شهادة عضوية الغرفة التجارية", variant: 2 },
  { alt: "ترخيص الهيئة العامة للعقار لإدارة الأملاك", variant: 3 },
] as const;
