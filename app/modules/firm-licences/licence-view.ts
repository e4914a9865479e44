import type { ImageRef } from "~/utils/image-ref.ts";

/**
 * A licence as the public page shows it: an uploaded image (through the image
 * pipeline, with its variants) or an external image link. Safe for the browser bundle.
 */
export interface LicenceView {
  id: number;
  alt: string;
  /** Set for uploaded licences. */
  image: ImageRef | null;
  /** Set for link licences. */
  url: string | null;
}
