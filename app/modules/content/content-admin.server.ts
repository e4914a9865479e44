import { and, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { images, licences, offerImages, siteContent, siteContentVersions, stagedImages, submissionImages, tasks, transactions } from "~/db/schema.ts";
import { deleteImageFiles, imageColumns, imageFileColumns, type ImageFiles } from "~/modules/images/images.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { announceCacheChange } from "~/modules/live-updates/cache-sync.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { invalidateSiteContent } from "./content.server.ts";
import { CONTENT_MESSAGES, CONTENT_SECTIONS, MARQUEE_SEPARATOR, type ContentField, type ContentSection, type ContentSectionId } from "./content-sections.ts";
import { IMAGE_ID_PATTERN, type ContentFormValues } from "./content-schema.ts";
import type { ContentEditorView, ContentImage, ContentVersionView } from "./content-view.ts";
import type { SiteContentKey } from "./defaults.ts";
import { parseImageList } from "./image-list.ts";

/** Versions kept per section (older ones go, with the images only they still used); versions the page lists. */
export const CONTENT_VERSIONS = { kept: 20, shown: 5 } as const;

const IMAGE_KINDS: ReadonlySet<ContentField["kind"]> = new Set(["image", "gallery"]);
const IMAGE_FIELDS = CONTENT_SECTIONS.flatMap((section) => section.fields.filter((field) => IMAGE_KINDS.has(field.kind)));
const OUR_IMAGE_URL = /^\/images\/([a-f0-9]{32})-\d+\.webp$/;

type StoredValues = Partial<Record<SiteContentKey, string>>;

/**
 * When a version was written: the moment itself, not its transaction's start (`now()`). Content
 * writes wait for each other, so a save that began first may be written second; versions are
 * ordered by id, which follows the order of the writes.
 */
const SAVED_NOW = sql`clock_timestamp()`;

/** The URL content stores for one of our images: its largest variant (the public pages derive the others). */
function storedImageUrl(image: Pick<ImageRef, "id" | "variants">): string {
  return `/images/${image.id}-${image.variants.at(-1)}.webp`;
}

/** Our images' ids in the image fields of some stored values. */
function imageIdsIn(values: StoredValues): string[] {
  return IMAGE_FIELDS.flatMap((field) => parseImageList(values[field.key] ?? "").flatMap((url) => OUR_IMAGE_URL.exec(url)?.[1] ?? []));
}

/** A section's values out of all stored values: every key present, empty when nothing is stored. */
function sectionValues(section: ContentSection, values: StoredValues): Record<string, string> {
  return Object.fromEntries(section.fields.map((field) => [field.key, values[field.key] ?? ""]));
}

async function readStored(db: Db | Tx): Promise<StoredValues> {
  const rows = await db.select({ key: siteContent.key, value: siteContent.value }).from(siteContent);
  const stored: StoredValues = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return stored;
}

/** The editor's page: stored values, the images of the image fields and each section's latest versions. */
export async function loadContentEditor(db: Db): Promise<ContentEditorView> {
  const [stored, versionRows] = await Promise.all([
    readStored(db),
    db
      .select({
        id: siteContentVersions.id,
        section: siteContentVersions.section,
        values: siteContentVersions.values,
        savedBy: siteContentVersions.savedBy,
        savedByName: siteContentVersions.savedByName,
        createdAt: siteContentVersions.createdAt,
      })
      .from(siteContentVersions)
      .orderBy(desc(siteContentVersions.id)),
  ]);
  const values = Object.fromEntries(CONTENT_SECTIONS.flatMap((section) => section.fields.map((field) => [field.key, stored[field.key] ?? ""]))) as Record<SiteContentKey, string>;

  const ids = imageIdsIn(stored);
  const found = ids.length ? await db.select(imageColumns).from(images).where(inArray(images.id, ids)) : [];
  const byId = new Map(found.map((image) => [image.id, image]));
  const imageLists: ContentEditorView["images"] = {};
  for (const field of IMAGE_FIELDS) {
    imageLists[field.key] = parseImageList(values[field.key]).map((url): ContentImage => {
      const image = byId.get(OUR_IMAGE_URL.exec(url)?.[1] ?? "");
      return image ? { token: image.id, image } : { token: url, image: null, url };
    });
  }

  const versions = Object.fromEntries(CONTENT_SECTIONS.map((section) => [section.id, [] as ContentVersionView[]])) as ContentEditorView["versions"];
  for (const row of versionRows) {
    const list = versions[row.section as ContentSectionId] as ContentVersionView[] | undefined;
    if (!list || list.length >= CONTENT_VERSIONS.shown) continue;
    list.push({ id: row.id, savedByName: row.savedByName, original: row.savedBy === null && row.savedByName === "", createdAt: row.createdAt.toISOString(), values: row.values });
  }
  return { values, images: imageLists, versions };
}

/** A save refused because of what was sent: a message per field (the form shows it there). */
export class ContentInputError extends Error {
  readonly errors: Partial<Record<SiteContentKey, string>>;
  constructor(errors: Partial<Record<SiteContentKey, string>>) {
    super(Object.values(errors)[0] ?? "invalid content");
    this.errors = errors;
  }
}

/** Every image id some version of some section still holds. */
async function versionImageIds(tx: Tx): Promise<Set<string>> {
  const rows = await tx.select({ values: siteContentVersions.values }).from(siteContentVersions);
  return new Set(rows.flatMap((row) => imageIdsIn(row.values)));
}

/**
 * The stored value of an image field from the tokens posted: our images by id (one the field or
 * a version already uses, or one this user uploaded and no save has claimed yet, which is claimed
 * now), links only if some image field holds them already. Anything else refuses the field.
 */
async function imageValue(
  tx: Tx,
  field: ContentField,
  tokens: string[],
  context: { user: StaffProfile; stored: StoredValues; known: () => Promise<Set<string>> },
): Promise<string> {
  const ids = tokens.filter((token) => IMAGE_ID_PATTERN.test(token));
  const links = tokens.filter((token) => !IMAGE_ID_PATTERN.test(token));
  const heldLinks = new Set(IMAGE_FIELDS.flatMap((f) => parseImageList(context.stored[f.key] ?? "")));
  const refuse = () => new ContentInputError({ [field.key]: CONTENT_MESSAGES.imageUnavailable });
  if (links.some((link) => !heldLinks.has(link))) throw refuse();

  const known = await context.known();
  const unknown = ids.filter((id) => !known.has(id));
  // Claimed by deleting the staged row: a concurrent save claiming the same image waits, then finds none.
  const claimed = unknown.length
    ? await tx
        .delete(stagedImages)
        .where(and(inArray(stagedImages.imageId, unknown), eq(stagedImages.uploadedBy, context.user.id), eq(stagedImages.pool, "content")))
        .returning({ id: stagedImages.imageId })
    : [];
  if (claimed.length !== unknown.length) throw refuse();
  const rows = ids.length ? await tx.select({ id: images.id, variants: images.variants }).from(images).where(inArray(images.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (ids.some((id) => !byId.has(id))) throw refuse();
  return tokens.map((token) => (IMAGE_ID_PATTERN.test(token) ? storedImageUrl(byId.get(token)!) : token)).join(",");
}

/** The value a field stores from what the form gave. */
function textValue(field: ContentField, value: string | string[] | undefined): string {
  if (field.kind === "texts") return (Array.isArray(value) ? value : []).join(MARQUEE_SEPARATOR);
  return typeof value === "string" ? value : "";
}

/**
 * Writes a section's new values if they differ from what is stored (and updates `stored`). The
 * section's first change records the content as it was before as its first version, so it can be
 * brought back too. True if anything changed.
 */
async function writeSection(tx: Tx, section: ContentSection, next: Record<string, string>, stored: StoredValues): Promise<boolean> {
  const before = sectionValues(section, stored);
  const changed = section.fields.filter((field) => next[field.key] !== before[field.key]);
  if (changed.length === 0) return false;
  const [existing] = await tx.select({ id: siteContentVersions.id }).from(siteContentVersions).where(eq(siteContentVersions.section, section.id)).limit(1);
  if (!existing) await tx.insert(siteContentVersions).values({ section: section.id, values: before, savedBy: null, savedByName: "", createdAt: SAVED_NOW });
  await tx
    .insert(siteContent)
    .values(changed.map((field) => ({ key: field.key, value: next[field.key]!, updatedAt: new Date() })))
    .onConflictDoUpdate({ target: siteContent.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  for (const field of changed) stored[field.key] = next[field.key];
  return true;
}

/** Keeps the newest versions of each section; returns the image ids the dropped ones held. */
async function pruneVersions(tx: Tx): Promise<string[]> {
  const dropped = await tx.execute<{ values: StoredValues }>(sql`
    delete from ${siteContentVersions} where ${siteContentVersions.id} in (
      select id from (
        select id, row_number() over (partition by section order by id desc) as n from ${siteContentVersions}
      ) ranked where n > ${CONTENT_VERSIONS.kept}
    ) returning ${siteContentVersions.values} as values`);
  return dropped.rows.flatMap((row) => imageIdsIn(row.values));
}

/**
 * Deletes the rows of images the content used and nothing uses any more (neither the content,
 * nor a kept version, nor any other record); their files go after the commit.
 */
async function dropUnusedImages(tx: Tx, candidates: string[], stored: StoredValues): Promise<ImageFiles[]> {
  const used = new Set([...imageIdsIn(stored), ...(await versionImageIds(tx))]);
  const unused = [...new Set(candidates)].filter((id) => !used.has(id));
  if (unused.length === 0) return [];
  return tx
    .delete(images)
    .where(
      and(
        inArray(images.id, unused),
        notExists(tx.select({ id: offerImages.imageId }).from(offerImages).where(eq(offerImages.imageId, images.id))),
        notExists(tx.select({ id: licences.id }).from(licences).where(eq(licences.imageId, images.id))),
        notExists(tx.select({ id: submissionImages.imageId }).from(submissionImages).where(eq(submissionImages.imageId, images.id))),
        notExists(tx.select({ id: stagedImages.imageId }).from(stagedImages).where(eq(stagedImages.imageId, images.id))),
        notExists(tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.receiptImageId, images.id))),
        notExists(tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.receiptImageId, images.id))),
      ),
    )
    .returning(imageFileColumns);
}

/**
 * One transaction for every content write: content writes wait for each other (so versions follow
 * the order of the writes), `write` runs, old versions are pruned with the images only they held,
 * and every server instance is told to drop its cached copy. After the commit this process's
 * cache is dropped and the unused image files removed. A thrown error rolls everything back.
 */
async function contentTransaction<T>(db: Db, storage: PhotoStorage, write: (tx: Tx, stored: StoredValues) => Promise<T>): Promise<T> {
  let removed: ImageFiles[] = [];
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site_content'))`);
    const stored = await readStored(tx);
    const before = imageIdsIn(stored);
    const value = await write(tx, stored);
    const pruned = await pruneVersions(tx);
    removed = await dropUnusedImages(tx, [...before, ...pruned], stored);
    await announceCacheChange(tx, "content");
    return value;
  });
  invalidateSiteContent();
  await deleteImageFiles(storage, removed);
  return result;
}

/**
 * Saves the given sections (one, or all for «حفظ الكل») in one transaction: all or nothing. Each
 * section whose values changed gets a version (by whom, when, the values). Throws
 * ContentInputError, having changed nothing, when an image is not one the user may use.
 * Returns the sections that changed.
 */
export async function saveContentSections(
  db: Db,
  storage: PhotoStorage,
  user: StaffProfile,
  sections: readonly ContentSection[],
  values: ContentFormValues,
): Promise<ContentSectionId[]> {
  return contentTransaction(db, storage, async (tx, stored) => {
    // What the fields held before this save: links may stay, and so may the images it or a version uses.
    const held = { ...stored };
    let known: Promise<Set<string>> | undefined;
    const context = { user, stored: held, known: () => (known ??= versionImageIds(tx).then((ids) => new Set([...ids, ...imageIdsIn(held)]))) };
    const changed: ContentSection[] = [];
    for (const section of sections) {
      const next: Record<string, string> = {};
      const errors: Partial<Record<SiteContentKey, string>> = {};
      for (const field of section.fields) {
        const value = values[field.key];
        if (!IMAGE_KINDS.has(field.kind)) {
          next[field.key] = textValue(field, value);
          continue;
        }
        try {
          next[field.key] = await imageValue(tx, field, Array.isArray(value) ? value : [], context);
        } catch (error) {
          if (!(error instanceof ContentInputError)) throw error;
          Object.assign(errors, error.errors);
        }
      }
      if (Object.keys(errors).length > 0) throw new ContentInputError(errors);
      if (await writeSection(tx, section, next, stored)) changed.push(section);
    }
    if (changed.length > 0) {
      await tx
        .insert(siteContentVersions)
        .values(changed.map((section) => ({ section: section.id, values: sectionValues(section, stored), savedBy: user.id, savedByName: user.name, createdAt: SAVED_NOW })));
    }
    return changed.map((section) => section.id as ContentSectionId);
  });
}

/**
 * «استعادة»: writes a saved version's values back over its section, in one transaction, and
 * records that as a new version. Null when there is no such version (any more).
 */
export async function restoreContentVersion(db: Db, storage: PhotoStorage, user: StaffProfile, versionId: number): Promise<ContentSection | null> {
  return contentTransaction(db, storage, async (tx, stored) => {
    const [version] = await tx.select().from(siteContentVersions).where(eq(siteContentVersions.id, versionId));
    const section = version && CONTENT_SECTIONS.find((s) => s.id === version.section);
    if (!version || !section) return null;
    const next = sectionValues(section, version.values);
    await writeSection(tx, section, next, stored);
    await tx.insert(siteContentVersions).values({ section: section.id, values: next, savedBy: user.id, savedByName: user.name, createdAt: SAVED_NOW });
    return section;
  });
}

/** The ids of the images some content field or version uses (tests, and anyone cleaning up). */
export async function contentImageIds(db: Db): Promise<string[]> {
  const [stored, rows] = await Promise.all([readStored(db), db.select({ values: siteContentVersions.values }).from(siteContentVersions)]);
  return [...new Set([...imageIdsIn(stored), ...rows.flatMap((row) => imageIdsIn(row.values))])];
}
