/**
 * Image lists in site content (about_section1_images, about_section2_images): comma-separated
 * URLs. Our own paths and https links are kept; anything else (javascript:, data:,
 * plain http, protocol-relative) is dropped.
 */
export function parseImageList(value: string): string[] {
  return value
    .split(",")
    .map((url) => url.trim())
    .filter((url) => (url.startsWith("/") && !url.startsWith("//")) || /^https:\/\/[^\s/]+/i.test(url));
}
