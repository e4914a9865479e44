import type { ImageRef } from "~/utils/image-ref.ts";
import type { ContentSectionId } from "./content-sections.ts";
import type { SiteContentKey } from "./defaults.ts";

/**
 * An image of a content field as the editor shows it: a stored image (its id is the token the
 * form posts back, shown from its stored variant) or a link the field held before (the link is
 * its token).
 */
export type ContentImage = { token: string; image: ImageRef; url?: undefined } | { token: string; image: null; url: string };

/** A saved version of a section: who saved it and when, and the values as saved. */
export interface ContentVersionView {
  id: number;
  /** Empty for the content as it was before the section's first save. */
  savedByName: string;
  /** True for the first row of a section: its content before the editor's first save. */
  original: boolean;
  createdAt: string;
  values: Partial<Record<SiteContentKey, string>>;
}

/** What the editor page starts from. */
export interface ContentEditorView {
  /** Each key's stored value; empty when the public page shows its default. */
  values: Record<SiteContentKey, string>;
  /** The images of each image field, in order. */
  images: Partial<Record<SiteContentKey, ContentImage[]>>;
  /** Each section's latest versions, newest first. */
  versions: Record<ContentSectionId, ContentVersionView[]>;
}
