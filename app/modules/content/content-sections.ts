/**
 * The site-content editor's sections and fields: which keys each section holds, their Arabic
 * labels, kinds and limits. One table for the page (labels, `maxLength`), the form's schema and
 * the server's rules. Safe for the browser (the back office only).
 */
import { OFFER_PHOTO_LIMITS } from "~/modules/images/photo-limits.ts";
import { formatCountArabic } from "~/utils/format.ts";
import type { SiteContentKey } from "./defaults.ts";

/**
 * A field's kind: a line of text, a paragraph, the marquee's list of texts (stored '|'-separated),
 * one image, or an ordered gallery (stored comma-separated).
 */
type ContentFieldKind = "line" | "paragraph" | "texts" | "image" | "gallery";

export interface ContentField {
  key: SiteContentKey;
  label: string;
  kind: ContentFieldKind;
  /** Characters of a text; of each text of the marquee. */
  maxLength: number;
  /** Items of a list (texts or images); 1 for a single image. */
  maxItems?: number;
  /** What the public page shows when the field is left empty (said under the field). */
  emptyHint: string;
}

export interface ContentSection {
  id: string;
  title: string;
  /** The public page the section belongs to («معاينة»). */
  preview: string;
  fields: readonly ContentField[];
}

const TEXT_HINT = "إذا تُرك الحقل فارغًا يظهر في الموقع النص الافتراضي المكتوب فيه باللون الباهت.";

const line = (key: SiteContentKey, label: string, maxLength = 120): ContentField => ({ key, label, kind: "line", maxLength, emptyHint: TEXT_HINT });
const paragraph = (key: SiteContentKey, label: string, maxLength: number): ContentField => ({ key, label, kind: "paragraph", maxLength, emptyHint: TEXT_HINT });

/** The longest text of one marquee item, and how many items it may have. */
export const MARQUEE_LIMITS = { maxLength: 200, maxItems: 20 } as const;
/** How many photos an about-page gallery may hold. */
const GALLERY_MAX_IMAGES = 8;

/** The sections in the order of the page (and of the public site). */
export const CONTENT_SECTIONS = [
  {
    id: "marquee",
    title: "الشريط المتحرك",
    preview: "/",
    fields: [
      {
        key: "marquee_texts",
        label: "نصوص الشريط المتحرك",
        kind: "texts",
        ...MARQUEE_LIMITS,
        emptyHint: "إذا لم يبقَ أي نص يظهر الشريط بالنصوص الافتراضية.",
      },
    ],
  },
  {
    id: "home-hero",
    title: "الواجهة الرئيسية",
    preview: "/",
    fields: [
      line("home_hero_title", "عنوان الواجهة"),
      paragraph("home_hero_subtitle", "النص التعريفي للواجهة", 400),
      { key: "home_hero_image", label: "صورة خلفية الواجهة", kind: "image", maxLength: 300, maxItems: 1, emptyHint: "بدون صورة تظهر الواجهة بخلفية باللون الأساسي للموقع." },
    ],
  },
  {
    id: "home-featured",
    title: "العروض المميزة في الرئيسية",
    preview: "/#featured-title",
    fields: [line("home_featured_title", "عنوان قسم العروض"), paragraph("home_featured_subtitle", "وصف قسم العروض", 400)],
  },
  {
    id: "about-1",
    title: "من نحن: القسم الأول",
    preview: "/about",
    fields: [
      line("about_main_title", "عنوان صفحة من نحن", 80),
      line("about_section1_title", "عنوان القسم الأول"),
      paragraph("about_section1_p1", "الفقرة الأولى", 2000),
      paragraph("about_section1_p2", "الفقرة الثانية", 2000),
      {
        key: "about_section1_images",
        label: "صور القسم الأول",
        kind: "gallery",
        maxLength: 300,
        maxItems: GALLERY_MAX_IMAGES,
        emptyHint: "بدون صور يظهر القسم نصًّا فقط.",
      },
    ],
  },
  {
    id: "about-2",
    title: "من نحن: القسم الثاني",
    preview: "/about#about-section-2",
    fields: [
      line("about_section2_title", "عنوان القسم الثاني"),
      paragraph("about_section2_p1", "فقرة القسم الثاني", 2000),
      {
        key: "about_section2_images",
        label: "صور القسم الثاني",
        kind: "gallery",
        maxLength: 300,
        maxItems: GALLERY_MAX_IMAGES,
        emptyHint: "بدون صور يظهر القسم نصًّا فقط.",
      },
    ],
  },
  {
    id: "licences",
    title: "صفحة التراخيص",
    preview: "/licenses",
    fields: [line("licenses_page_title", "عنوان صفحة التراخيص"), paragraph("licenses_page_subtitle", "وصف صفحة التراخيص", 600)],
  },
  {
    id: "contact",
    title: "صفحة تواصل معنا",
    preview: "/contact",
    fields: [
      line("contact_page_title", "عنوان صفحة التواصل"),
      paragraph("contact_page_subtitle", "وصف صفحة التواصل", 600),
      { key: "contact_page_image", label: "صورة صفحة التواصل", kind: "image", maxLength: 300, maxItems: 1, emptyHint: "بدون صورة تظهر الصفحة من غير صورة." },
    ],
  },
  {
    id: "footer",
    title: "تذييل الموقع",
    preview: "/",
    fields: [line("footer_about_title", "عنوان نبذة التذييل"), paragraph("footer_about_text", "نص نبذة التذييل", 600)],
  },
] as const satisfies readonly ContentSection[];

export type ContentSectionId = (typeof CONTENT_SECTIONS)[number]["id"];

const FIELDS_BY_KEY = new Map<string, ContentField>(CONTENT_SECTIONS.flatMap((section) => section.fields.map((field) => [field.key, field] as const)));

/** An editable key's field (its label, kind and limit). */
export function contentField(key: string): ContentField | undefined {
  return FIELDS_BY_KEY.get(key);
}

function contentSection(id: string): ContentSection | undefined {
  return CONTENT_SECTIONS.find((section) => section.id === id);
}

/** The longest value of each text key, for the page's `maxLength` and the server's check. */
export const CONTENT_LIMITS = Object.fromEntries([...FIELDS_BY_KEY].map(([key, field]) => [key, field.maxLength])) as Record<SiteContentKey, number>;

/** Images of content go through the offer photos' pipeline and limits: one request each. */
export const CONTENT_IMAGE_LIMITS = OFFER_PHOTO_LIMITS;

/** The submit buttons' intents: one section, every section, or bringing back a saved version. */
export const SAVE_ALL_INTENT = "save-all";
export const RESTORE_INTENT = "restore";
export const sectionIntent = (id: ContentSectionId) => `section:${id}`;

/** The section a "section:…" intent names, if any. */
export function sectionOfIntent(intent: unknown): ContentSection | undefined {
  return typeof intent === "string" && intent.startsWith("section:") ? contentSection(intent.slice("section:".length)) : undefined;
}

/** The content key a field's name or error path names: "marquee_texts[2]" → "marquee_texts". */
export function contentKeyOfName(name: string): SiteContentKey | undefined {
  const key = /^[a-z0-9_]+/.exec(name)?.[0];
  return key && FIELDS_BY_KEY.has(key) ? (key as SiteContentKey) : undefined;
}

/** The character that separates the marquee's texts in storage. */
export const MARQUEE_SEPARATOR = "|";

const CHARACTERS = { zero: "لا أحرف", one: "حرف واحد", two: "حرفان", few: "أحرف", many: "حرفًا", other: "حرف" };
const TEXTS = { zero: "لا نصوص", one: "نص واحد", two: "نصّان", few: "نصوص", many: "نصًّا", other: "نص" };
/** "صورة واحدة", "٨ صور": also the gallery's count on the page. */
export const IMAGES = { zero: "لا توجد صور", one: "صورة واحدة", two: "صورتان", few: "صور", many: "صورة", other: "صورة" };

export const CONTENT_MESSAGES = {
  // SPEC §8.
  allSaved: "تم حفظ جميع التغييرات بنجاح في قاعدة البيانات!",
  allFailed: "فشل حفظ جميع المحتويات",
  fieldFailed: (label: string) => `فشل تحديث المحتوى: ${label}`,
  // Our own texts (the firm gave none for these).
  sectionSaved: (title: string) => `تم حفظ «${title}» بنجاح`,
  restored: (title: string) => `تمت استعادة النسخة المختارة من «${title}»`,
  tooLong: (max: number) => `النص أطول من المسموح: ${formatCountArabic(max, CHARACTERS)} كحد أقصى.`,
  separatorRefused: "لا يمكن أن يحتوي النص على الرمز «|» لأنه يفصل بين نصوص الشريط، استبدله بفاصلة أو شرطة.",
  tooManyTexts: `يمكن إضافة ${formatCountArabic(MARQUEE_LIMITS.maxItems, TEXTS)} كحد أقصى.`,
  tooManyImages: (max: number) => `يمكن إضافة ${formatCountArabic(max, IMAGES)} كحد أقصى.`,
  imageUnavailable: "بعض الصور لم تعد متاحة، يرجى رفعها من جديد.",
  imagesUploading: "انتظر حتى يكتمل رفع الصور ثم احفظ.",
  imagesFailed: "بعض الصور لم تُرفع: أعد المحاولة أو احذفها.",
  versionGone: "هذه النسخة لم تعد محفوظة، اختر نسخة أخرى.",
} as const;
