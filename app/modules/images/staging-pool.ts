/** Where a photo uploaded ahead of its form waits: the offer form's pool, or the content editor's (never shared). */
export type StagingPool = "offer" | "content";
