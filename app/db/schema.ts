import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  AccountRole,
  AdvertiserCapacity,
  ArrearsChannel,
  AuditAction,
  AuditEntity,
  ClientAssignmentMode,
  ClientEventKind,
  ClientStage,
  CommissionKind,
  ManagedPropertyKind,
  ManagementService,
  OwnerKind,
  DailyChannel,
  DailyReport,
  DailyReportTrigger,
  DeliveryStatus,
  EmailAttachment,
  InquiryStatus,
  LeaseSchedule,
  MaintenanceCategory,
  MaintenanceStatus,
  MaintenanceUrgency,
  MailPurpose,
  OfferDetails,
  OfferMatchReason,
  OfferDisclosures,
  OfferUnit,
  OutgoingEmailStatus,
  OwnerStatementLine,
  RateLimitScope,
  RentPaymentMethod,
  RentPeriod,
  ReplyMethod,
  RequirementPurpose,
  StagingPool,
  StatusVisibility,
  SubmissionGoal,
  SubmissionStatus,
  TaskStatus,
  TransactionType,
  RegaWithdrawal,
  ViewingOutcome,
  ViewingStatus,
} from "./column-types.ts";

// Enum-like columns are text in PostgreSQL and typed here with the unions of column-types.ts
// (`.$type`), so a value outside the set does not type-check; the database layer imports no module.

// ---- Lookup lists: defaults seeded, extendable by staff ----

export const cities = pgTable("cities", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  position: integer("position").notNull().default(0),
  /** Hidden values stay on the offers that use them but leave the public filters and the form's lists. */
  hidden: boolean("hidden").notNull().default(false),
});

export const neighbourhoods = pgTable(
  "neighbourhoods",
  {
    id: serial("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [uniqueIndex("neighbourhoods_city_name_idx").on(t.cityId, t.name)],
);

const namedList = (table: string) =>
  pgTable(table, {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
    position: integer("position").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
  });

export const propertyTypes = namedList("property_types");
export const unitTypes = namedList("unit_types");

/**
 * The offers' statuses: a named list whose values also say who sees an offer in that status
 * (decision 027): «available» is listed everywhere; «recent» (sold, rented) only in «تم بيعها أو
 * تأجيرها مؤخرًا» for `recent_days` after the offer entered it; «internal» never reaches a visitor.
 */
export const offerStatuses = pgTable("offer_statuses", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  position: integer("position").notNull().default(0),
  hidden: boolean("hidden").notNull().default(false),
  visibility: text("visibility").$type<StatusVisibility>().notNull().default("internal"),
  recentDays: integer("recent_days").notNull().default(90),
});

// ---- Images: stored once, delivered as WebP (and AVIF) variants ----

export const images = pgTable("images", {
  id: text("id").primaryKey(), // random, unguessable; also the file name stem
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** Widths of the stored WebP variants, ascending. */
  variants: integer("variants").array().notNull(),
  /** The widths that also have an AVIF file, smaller than the WebP of the same width (decision 021); filled in after the upload. */
  avif: integer("avif")
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Average colour, painted while the photo loads. */
  colour: text("colour").notNull().default("#d6d3d1"),
  /**
   * A receipt or an owner's submission photo: served only to signed-in staff whose role may see it
   * (/private-images/…), never by /images/… (its unguessable name alone is not enough).
   */
  private: boolean("private").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Offers ----

export const offers = pgTable(
  "offers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    price: bigint("price", { mode: "number" }).notNull().default(0),
    propertyType: text("property_type").notNull(),
    status: text("status").notNull(),
    isCorner: boolean("is_corner").notNull().default(false),
    location: text("location").notNull().default(""),
    city: text("city").notNull().default(""),
    area: doublePrecision("area").notNull().default(0),
    bedrooms: integer("bedrooms").notNull().default(0),
    bathrooms: integer("bathrooms").notNull().default(0),
    floors: text("floors").notNull().default(""),
    locationUrl: text("location_url").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    details: jsonb("details").$type<OfferDetails>().notNull(),
    units: jsonb("units").$type<OfferUnit[]>().notNull().default([]),
    /** For rent offers: the period the price is for ('' for other statuses). */
    rentPeriod: text("rent_period").$type<RentPeriod | "">().notNull().default(""),
    /** When the offer entered its status (set by a trigger, drizzle/0022): a sold one stays in «تم بيعها أو تأجيرها مؤخرًا» for a while from it (decision 027). */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** A rent's price is for a period (a for-rent offer without one is read as yearly): the price orders compare sales with sales and rents with rents (decision 027). */
    isRent: boolean("is_rent")
      .notNull()
      .generatedAlwaysAs(sql`rent_period <> '' or status = 'للإيجار'`),
    /** The price on one scale per kind: a sale's price, a rent's for a year (monthly × 12, daily × 365), for the price orders. */
    yearlyPrice: bigint("yearly_price", { mode: "number" })
      .notNull()
      .generatedAlwaysAs(sql`case rent_period when 'monthly' then price * 12 when 'daily' then price * 365 else price end`),
    // The REGA ad licence (decision 017). Digits only; '' when the offer has none.
    adLicenceNumber: text("ad_licence_number").notNull().default(""),
    adLicenceIssuedOn: date("ad_licence_issued_on"),
    adLicenceExpiresOn: date("ad_licence_expires_on"),
    /** Midnight in Riyadh after the expiry date (licenceEndsAt): public queries hide the offer from then on. */
    adLicenceEndsAt: timestamp("ad_licence_ends_at", { withTimezone: true }),
    advertiserCapacity: text("advertiser_capacity").$type<AdvertiserCapacity | "">().notNull().default(""),
    deedNumber: text("deed_number").notNull().default(""),
    /** The national address short code: 4 letters + 4 digits, e.g. RRRD2929. */
    nationalAddress: text("national_address").notNull().default(""),
    disclosures: jsonb("disclosures").$type<OfferDisclosures>(),
    // REGA verification of the ad licence (decision 047): when REGA last confirmed it, when the nightly
    // job last asked, and what REGA said took it away ('' while nothing did).
    adLicenceVerifiedAt: timestamp("ad_licence_verified_at", { withTimezone: true }),
    adLicenceCheckedAt: timestamp("ad_licence_checked_at", { withTimezone: true }),
    adLicenceWithdrawn: text("ad_licence_withdrawn").$type<RegaWithdrawal | "">().notNull().default(""),
    /** Folded title, neighbourhood and city for Arabic-aware keyword search (see ar_fold in migrations). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`ar_fold(title || ' ' || location || ' ' || city)`),
    /**
     * The title as the keyword search folds it (search_fold, decision 002), for the back-office
     * list's title search: stored, so a list walked newest first tests each row cheaply.
     */
    titleFolded: text("title_folded")
      .notNull()
      .generatedAlwaysAs(sql`search_fold(title)`),
    /** Riyals per square metre, for the «الأقل سعراً للمتر» order; null when the offer has no area. */
    pricePerM2: doublePrecision("price_per_m2").generatedAlwaysAs(sql`case when area > 0 then price / area end`),
    /** Every stem the keyword search finds the offer by: title, description, type, status, city, neighbourhood, units' types (decision 002). */
    searchAll: text("search_all")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`search_document(title, description, property_type, status, city, location, units)`),
    /** The stems that rank a match, as numbers (search_hashes): its title's and status's, and its city's and neighbourhood's marked with '@' (decision 002). */
    searchHead: bigint("search_head", { mode: "bigint" })
      .array()
      .notNull()
      .generatedAlwaysAs(sql`search_head(title, status, city, location)`),
    /** search_head as 64 bits, one per stem (search_signature): the covering walks' first, cheapest test (decision 002). */
    searchSignature: bigint("search_signature", { mode: "bigint" })
      .notNull()
      .generatedAlwaysAs(sql`search_signature(search_head(title, status, city, location))`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the firm last confirmed the offer is still available (decision 046): set when it is created or enters an advertised status, and by each confirmation. */
    availableConfirmedAt: timestamp("available_confirmed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who confirmed it last (null: at creation by the system, or the account is gone): the confirm tasks go to them. */
    availableConfirmedBy: integer("available_confirmed_by").references((): AnyPgColumn => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    // The newest-first order is ORDER BY created_at DESC, id DESC, whose nulls come first: drizzle's
    // .desc() alone writes NULLS LAST, which that order cannot use (measured: a full scan and sort).
    index("offers_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("offers_city_created_idx").on(t.city, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("offers_type_created_idx").on(t.propertyType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("offers_city_location_created_idx").on(t.city, t.location, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("offers_price_idx").on(t.price, t.id),
    // The price orders (decision 027): sales first, then rents, each by its yearly amount, up or down.
    index("offers_price_order_idx").on(t.isRent, t.yearlyPrice, t.id),
    index("offers_price_order_desc_idx").on(t.isRent, t.yearlyPrice.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // «تم بيعها أو تأجيرها مؤخرًا»: the offers by the moment they entered their status, the latest first. Not led by
    // the status: an index on it would offer the planner a bitmap of every available offer for the lists' own orders.
    index("offers_status_changed_idx").on(t.statusChangedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("offers_price_per_m2_idx").on(t.pricePerM2, t.id),
    index("offers_area_idx").on(t.area),
    index("offers_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The back-office list's title search (decision 031).
    index("offers_title_folded_trgm_idx").using("gin", sql`${t.titleFolded} gin_trgm_ops`),
    // The keyword search's (decision 002); its two covering walks by recency are in drizzle/0014 (INCLUDE is not expressible here).
    index("offers_search_all_idx").using("gin", t.searchAll),
    index("offers_search_head_idx").using("gin", t.searchHead),
    index("offers_ad_licence_ends_idx").on(t.adLicenceEndsAt),
    // The offers due for confirmation, the oldest confirmation first: the confirm tasks' job and the dashboard (decision 046).
    index("offers_available_confirmed_idx").on(t.availableConfirmedAt, t.id),
    // The map search's area (decision 022) is served by offers_map_idx, a B-tree on (lat, lng), and for a large
    // area by offers_map_recent_idx, newest first, both covering the point and the filters' and the licence
    // rule's columns, in drizzle/0018 (INCLUDE is not expressible here), with the check that a point is whole;
    // offers_map_idx covers the price order's is_rent and yearly_price too since drizzle/0042.
  ],
);

/**
 * The keyword search's postings (decision 002, version 3): one row per stem of each offer's
 * search_all, as its number (search_hashes), with every column of the offer the search reads: its
 * recency, the list's filters' and the licence rule's columns, and its stems and ranking stems as
 * numbers. A word's matches, their count and their ranks are then read from one B-tree, newest
 * first (offer_search_postings_walk_idx in drizzle/0021, which INCLUDEs the rest), without the
 * offers' rows. Kept by statement triggers on offers (drizzle/0021).
 */
export const offerSearchPostings = pgTable(
  "offer_search_postings",
  {
    stem: bigint("stem", { mode: "bigint" }).notNull(),
    /** The offer's id. Named, like the columns below, as the offers' are: the list's filters, written for offers, read a posting unchanged. */
    id: integer("id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    city: text("city").notNull(),
    location: text("location").notNull(),
    propertyType: text("property_type").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    area: doublePrecision("area").notNull(),
    bedrooms: integer("bedrooms").notNull(),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    adLicenceEndsAt: timestamp("ad_licence_ends_at", { withTimezone: true }),
    adLicenceNumber: text("ad_licence_number").notNull(),
    /** Copied from the offer (null only while drizzle/0030 backfills): the availability rule reads it here too. */
    availableConfirmedAt: timestamp("available_confirmed_at", { withTimezone: true }),
    /** The offer's search_all as numbers: the other words of a keyword are checked here. */
    stems: bigint("stems", { mode: "bigint" }).array().notNull(),
    /** The offer's search_head: how each word ranks it. */
    head: bigint("head", { mode: "bigint" }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.stem] })],
);

/**
 * The words of the offers' titles, types, cities and neighbourhoods as written (surface), keyed by
 * their folded form without the article (base), with how many offers have each: where «هل تقصد …؟»
 * finds the word a mistyped one was meant to be (decision 002). Kept by triggers on offers (drizzle/0014).
 */
export const searchVocabulary = pgTable(
  "search_vocabulary",
  {
    base: text("base").notNull(),
    surface: text("surface").notNull(),
    offers: integer("offers").notNull(),
  },
  (t) => [primaryKey({ columns: [t.base, t.surface] })],
);

/** The manager's warnings of an ending ad licence: one row per offer, expiry date and lead time, so each is sent once. */
export const adLicenceWarnings = pgTable(
  "ad_licence_warnings",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    expiresOn: date("expires_on").notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.expiresOn, t.daysBefore] })],
);

export const offerImages = pgTable(
  "offer_images",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id),
    /** 0 is the main photo. */
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.position] }), index("offer_images_image_idx").on(t.imageId)],
);

/**
 * Photos uploaded from the offer form or the content editor but not yet saved. Saving claims them
 * (the row goes), each form only from its own pool (`pool`): an offer's photo is never claimed by a
 * content save, nor the other way round. What no save claims within a day is deleted with its files
 * (see sweepStagedImages).
 */
export const stagedImages = pgTable(
  "staged_images",
  {
    imageId: text("image_id")
      .primaryKey()
      .references(() => images.id, { onDelete: "cascade" }),
    uploadedBy: integer("uploaded_by").notNull(),
    pool: text("pool").$type<StagingPool>().notNull().default("offer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staged_images_created_idx").on(t.createdAt)],
);

// ---- Inquiries ----

export interface ReplyEntry {
  timestamp: string;
  method: ReplyMethod;
  message: string;
  sentBy: string;
  /** An e-mail reply's queued message (outgoing_emails): its delivery state is shown beside it. */
  emailId?: number;
}

/**
 * An e-mail reply being sent, as the inbox recorded it before e-mail replies were queued
 * (outgoing_emails, decision 032). No longer written; the column goes in a later release, so that
 * an instance of the previous version still runs on this schema during a rolling deploy.
 */
export interface ReplySending {
  /** Whose attempt this is: only its owner completes or clears it. */
  token: string;
  actorId: number;
  startedAt: string;
}

export const inquiries = pgTable(
  "inquiries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull(),
    message: text("message").notNull().default(""),
    propertyId: integer("property_id").references(() => offers.id, { onDelete: "set null" }),
    propertyTitle: text("property_title").notNull().default(""),
    status: text("status").$type<InquiryStatus>().notNull().default("pending"),
    replyHistory: jsonb("reply_history").$type<ReplyEntry[]>().notNull().default([]),
    /** Unused since decision 032; see ReplySending. */
    replySending: jsonb("reply_sending").$type<ReplySending>(),
    /** The client who wrote it (recognised by the phone, app/modules/clients); null only while being stored. */
    clientId: integer("client_id").references((): AnyPgColumn => clients.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inquiries_created_at_idx").on(t.createdAt.desc()),
    index("inquiries_status_created_idx").on(t.status, t.createdAt),
    // The inbox filtered by offer, newest first.
    index("inquiries_property_created_idx").on(t.propertyId, t.createdAt.desc()),
    index("inquiries_client_idx").on(t.clientId),
  ],
);

// ---- Site content and settings ----

export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every save of a content section: its values as saved, by whom and when (the editor's «استعادة»). */
export const siteContentVersions = pgTable(
  "site_content_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    section: text("section").notNull(),
    values: jsonb("values").$type<Record<string, string>>().notNull(),
    savedBy: integer("saved_by").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The name at the time, kept when the account goes. */
    savedByName: text("saved_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("site_content_versions_section_idx").on(t.section, t.createdAt.desc())],
);

export const settings = pgTable("settings", {
  id: integer("id").primaryKey().default(1),
  companyWhatsapp: text("company_whatsapp").notNull().default(""),
  managerEmail: text("manager_email").notNull().default(""),
  managerWhatsapp: text("manager_whatsapp").notNull().default(""),
  dailyEmailReport: boolean("daily_email_report").notNull().default(true),
  dailyWhatsappReport: boolean("daily_whatsapp_report").notNull().default(false),
  /** The hour (0–23, Asia/Riyadh) the daily report goes out. */
  dailyReportHour: integer("daily_report_hour").notNull().default(8),
  // The firm's public details: footer, contact page, JSON-LD.
  companyPhone: text("company_phone").notNull().default(""),
  companyEmail: text("company_email").notNull().default(""),
  companyAddress: text("company_address").notNull().default(""),
  workingHours: text("working_hours").notNull().default(""),
  commercialRegistration: text("commercial_registration").notNull().default(""),
  /** The REGA brokerage (FAL) licence number. */
  falLicence: text("fal_licence").notNull().default(""),
  mapLat: doublePrecision("map_lat"),
  mapLng: doublePrecision("map_lng"),
  /** «اشتراط ترخيص الإعلان للنشر»: for-sale/for-rent offers need a valid ad licence to be saved and shown. */
  requireAdLicence: boolean("require_ad_licence").notNull().default(true),
  /** The ad licence verification link, with `{licence}` for the number: the QR code on the offer page. */
  licenceVerificationTemplate: text("licence_verification_template").notNull().default(""),
  /** The maps' tile images (the map search, the offer page, the coordinate pickers): an https template with {z}, {x} and {y} (OSM_TILE_URL by default). */
  mapTileUrl: text("map_tile_url").notNull().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** Every this many days the offer's staff member is asked to confirm it is still available; unconfirmed 7 days longer, it leaves the site (decision 046). */
  availabilityConfirmDays: integer("availability_confirm_days").notNull().default(14),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Licences: an uploaded image or an external image link ----

export const licences = pgTable("licences", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Set for uploaded licences; the file lives in the image pipeline. */
  imageId: text("image_id").references(() => images.id),
  /** Set instead of imageId when the licence is an external image link. */
  externalUrl: text("external_url"),
  alt: text("alt").notNull(),
  position: integer("position").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Owner submissions ----

export const submissions = pgTable(
  "submissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    status: text("status").$type<SubmissionStatus>().notNull().default("pending"),
    clientName: text("client_name").notNull(),
    clientPhone: text("client_phone").notNull(),
    clientEmail: text("client_email").notNull().default(""),
    propertyType: text("property_type").notNull(),
    city: text("city").notNull(),
    neighbourhood: text("neighbourhood").notNull(),
    area: doublePrecision("area").notNull().default(0),
    description: text("description").notNull(),
    /** What the owner wants: sale, rent or management; null on submissions sent before the form asked. */
    goal: text("goal").$type<SubmissionGoal>(),
    /** The owner's expected price in whole riyals; null when not given (optional). */
    expectedPrice: bigint("expected_price", { mode: "number" }),
    /** The owner as a client (recognised by the phone, app/modules/clients). */
    clientId: integer("client_id").references((): AnyPgColumn => clients.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("submissions_created_at_idx").on(t.createdAt.desc()), index("submissions_client_idx").on(t.clientId)],
);

export const submissionImages = pgTable(
  "submission_images",
  {
    submissionId: integer("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.position] }), index("submission_images_image_idx").on(t.imageId)],
);

// ---- Protection of public forms ----

/** Fixed-window counters of form posts per client address (shared by every app instance). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    scope: text("scope").$type<RateLimitScope>().notNull(),
    address: text("address").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.address, t.windowStart] }), index("rate_limit_window_idx").on(t.windowStart)],
);

/** Proof-of-work challenges already used once; kept until they expire, so none is replayed. */
export const spentChallenges = pgTable(
  "spent_challenges",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("spent_challenges_expires_idx").on(t.expiresAt)],
);

/** Server secrets generated on first start (HMAC keys), shared by every app instance. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Staff, sessions and sign-in (docs/decisions/006-staff-sign-in-and-sessions.md) ----

export const staffUsers = pgTable(
  "staff_users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    username: text("username").notNull().unique(),
    email: text("email").notNull().default(""),
    /** Normalised +966…; the sign-in allow-list is the set of active staff phones. */
    phone: text("phone").notNull().unique(),
    role: text("role").$type<AccountRole>().notNull(),
    active: boolean("active").notNull().default(true),
    /** argon2id (PHC string); null until the person sets a password. */
    passwordHash: text("password_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_users_email_idx").on(t.email)],
);

/** Server-side sessions; the cookie holds a random id, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time sign-in codes: stored as an HMAC, bound to the browser that asked for them. */
export const loginCodes = pgTable(
  "login_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    /** SHA-256 of the sign-in cookie of the browser that asked for the code. */
    flowHash: text("flow_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("login_codes_phone_created_idx").on(t.phone, t.createdAt.desc()), index("login_codes_flow_idx").on(t.flowHash)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_user_idx").on(t.userId)],
);

// ---- Internal tasks ----

export const tasks = pgTable(
  "tasks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    assignedTo: integer("assigned_to").references(() => staffUsers.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    status: text("status").$type<TaskStatus>().notNull().default("Pending"),
    relatedInquiryId: integer("related_inquiry_id").references(() => inquiries.id, { onDelete: "set null" }),
    relatedPropertyId: integer("related_property_id").references(() => offers.id, { onDelete: "set null" }),
    /** A finance request's amount in SAR (halalas exact: numeric, never a float). */
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }),
    transactionType: text("transaction_type").$type<TransactionType>(),
    /** A finance request's receipt photo (the image pipeline's id). */
    receiptImageId: text("receipt_image_id").references(() => images.id, { onDelete: "set null" }),
    /** The manager's approval notes or rejection reason. */
    notes: text("notes").notNull().default(""),
    dueDate: date("due_date"),
    /** The folded title for the board's Arabic-aware title search (ar_fold, as the offers' search_text; decision 002). */
    titleFolded: text("title_folded")
      .notNull()
      .generatedAlwaysAs(sql`ar_fold(title)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The board: everyone's newest first (manager), one assignee's (the others), one status's.
    // NULLS FIRST is what `ORDER BY … DESC` means: an index kept NULLS LAST (drizzle's default
    // with .desc()) cannot give that order, and the board sorted every task for each page.
    index("tasks_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("tasks_assigned_created_idx").on(t.assignedTo, t.createdAt.desc().nullsFirst()),
    index("tasks_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("tasks_related_inquiry_idx").on(t.relatedInquiryId),
    // The accountant's own requests on the finance page.
    index("tasks_created_by_idx").on(t.createdBy, t.createdAt.desc().nullsFirst()),
    index("tasks_title_trgm_idx").using("gin", sql`${t.titleFolded} gin_trgm_ops`),
  ],
);

// ---- Finance: transactions exist only once a manager approved them ----

export const transactions = pgTable(
  "transactions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
    description: text("description").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    type: text("type").$type<TransactionType>().notNull(),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    approvedBy: integer("approved_by").references(() => staffUsers.id, { onDelete: "set null" }),
    approvalNotes: text("approval_notes").notNull().default(""),
    /** The request it came from: unique, so a request can never become two transactions. */
    relatedTaskId: integer("related_task_id").references(() => tasks.id, { onDelete: "set null" }),
    receiptImageId: text("receipt_image_id").references(() => images.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("transactions_related_task_idx").on(t.relatedTaskId),
    index("transactions_date_idx").on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("transactions_amount_positive", sql`${t.amount} > 0`),
    check("transactions_type_known", sql`${t.type} in ('income', 'expense')`),
  ],
);

// ---- Audit log: who changed what in the back office, and when ----

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    entity: text("entity").$type<AuditEntity>().notNull(),
    entityId: integer("entity_id").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    actorId: integer("actor_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The name at the time, kept when the account goes. */
    actorName: text("actor_name").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc()),
    // The reports: one kind of entry over a period (replies per employee, offers sold or rented).
    index("audit_log_entity_action_created_idx").on(t.entity, t.action, t.createdAt),
  ],
);

// ---- The reports' history, kept as it is written (decision 034) ----
// Filled by triggers on inquiries and audit_log (drizzle/0028), so the reports page reads a year
// of history from narrow rows instead of scanning the whole tables; every figure stays what the
// direct queries give (reports-history.server.test.ts).

/** Inquiries received per Riyadh day, by their status now and whether they came from an offer page. */
export const reportInquiryDays = pgTable(
  "report_inquiry_days",
  {
    day: date("day").notNull(),
    status: text("status").$type<InquiryStatus>().notNull(),
    fromOffer: boolean("from_offer").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.fromOffer] })],
);

/** Each inquiry's first reply: minutes from its arrival (the median time to the first reply). */
export const reportFirstReplies = pgTable(
  "report_first_replies",
  {
    inquiryId: integer("inquiry_id")
      .primaryKey()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    minutes: doublePrecision("minutes").notNull(),
  },
  (t) => [index("report_first_replies_received_idx").on(t.receivedAt, t.minutes)],
);

/** Every reply sent (the audit log's reply entries), with the inquiry's arrival when it was the first. */
export const reportReplies = pgTable(
  "report_replies",
  {
    auditId: integer("audit_id")
      .primaryKey()
      .references(() => auditLog.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => staffUsers.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    first: boolean("first").notNull(),
    /** The inquiry a first reply answered (its arrival is read from it: gone with it, as the direct query finds it). */
    inquiryId: integer("inquiry_id").references(() => inquiries.id, { onDelete: "set null" }),
  },
  (t) => [index("report_replies_at_idx").on(t.at)],
);

/** Each sale or rental (an offer's status change to sold or rented): days from its listing. */
export const reportOfferSales = pgTable(
  "report_offer_sales",
  {
    auditId: integer("audit_id")
      .primaryKey()
      .references(() => auditLog.id, { onDelete: "cascade" }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    outcome: text("outcome").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    days: doublePrecision("days").notNull(),
  },
  (t) => [index("report_offer_sales_at_idx").on(t.at), index("report_offer_sales_offer_idx").on(t.offerId, t.at)],
);

// ---- The daily report (docs/decisions/016-job-scheduler.md) ----

/**
 * Every daily report built: its figures and texts as sent, kept for «التقارير المرسلة». A scheduled
 * report claims its day in `schedule_day` (unique): of several instances only one insert wins, so
 * a day's report is built and sent once. A «إرسال الآن» of a day already claimed is an extra row
 * with no schedule_day.
 */
export const dailyReports = pgTable(
  "daily_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The Riyadh day the figures are about. */
    day: date("day").notNull(),
    /** Set when this is that day's scheduled report (or a «إرسال الآن» that came first): unique. */
    scheduleDay: date("schedule_day").unique(),
    trigger: text("trigger").$type<DailyReportTrigger>().notNull(),
    /** Who pressed «إرسال الآن» (null for the scheduler), and the name at the time. */
    requestedBy: integer("requested_by").references(() => staffUsers.id, { onDelete: "set null" }),
    requestedByName: text("requested_by_name").notNull().default(""),
    report: jsonb("report").$type<DailyReport>().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("daily_reports_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

/** One channel of a report: where it went, how many attempts, and what the last one said. */
export const dailyReportDeliveries = pgTable(
  "daily_report_deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer("report_id")
      .notNull()
      .references(() => dailyReports.id, { onDelete: "cascade" }),
    channel: text("channel").$type<DailyChannel>().notNull(),
    /** The manager's e-mail or WhatsApp number when it was (last) queued. */
    recipient: text("recipient").notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("queued"),
    /** Attempts so far, resends included. */
    attempts: integer("attempts").notNull().default(0),
    /** The last failure's reason (the provider's own message when it gave one); cleared on success. */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("daily_report_deliveries_channel_idx").on(t.reportId, t.channel),
    check("daily_report_deliveries_status_known", sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

// ---- Search alerts by e-mail (app/modules/alerts) ----

/**
 * A visitor's saved search of /offers, sent by e-mail when new offers match it. `query` is the
 * normalised query string of the list's filters (no page, no order: the same search is one alert).
 * Double opt-in: nothing is sent before `confirmed_at`; the confirmation link's token is kept
 * only as its SHA-256 and works for 48 hours from `confirm_sent_at` (the last confirmation
 * e-mail, also the 10-minute guard against sending it again). Unsubscribing keeps the row (the
 * link then says so); among the rows not unsubscribed an address has each search once.
 */
export const searchAlerts = pgTable(
  "search_alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Trimmed and lower-cased. */
    email: text("email").notNull(),
    /** The filters as /offers writes them, without the leading '?' ('' for every offer). */
    query: text("query").notNull().default(""),
    confirmTokenHash: text("confirm_token_hash").notNull(),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("search_alerts_email_query_idx")
      .on(t.email, t.query)
      .where(sql`${t.unsubscribedAt} is null`),
    uniqueIndex("search_alerts_confirm_token_idx").on(t.confirmTokenHash),
    index("search_alerts_active_idx")
      .on(t.email)
      .where(sql`${t.confirmedAt} is not null and ${t.unsubscribedAt} is null`),
  ],
);

/**
 * When each offer last became public: created, its status changed to for sale or for rent, or its
 * ad licence renewed (a later end). Written by a trigger on offers (drizzle/0015), so every way
 * an offer is saved counts; the alerts' matching reads the offers published since a confirmation.
 */
export const offerPublications = pgTable(
  "offer_publications",
  {
    offerId: integer("offer_id")
      .primaryKey()
      .references(() => offers.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("offer_publications_at_idx").on(t.at)],
);

/**
 * One e-mail of new matches to one address on one Riyadh day (unique: the day's claim, so of
 * several instances only one sends it), with its content as sent and its delivery's outcome.
 */
export const searchAlertDigests = pgTable(
  "search_alert_digests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    day: date("day").notNull(),
    subject: text("subject").notNull().default(""),
    text: text("text").notNull().default(""),
    html: text("html").notNull().default(""),
    status: text("status").$type<DeliveryStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("search_alert_digests_day_idx").on(t.email, t.day), check("search_alert_digests_status_known", sql`${t.status} in ('queued', 'sent', 'failed')`)],
);

/** Each offer is announced to an alert once: the e-mail that listed it. */
export const searchAlertSentOffers = pgTable(
  "search_alert_sent_offers",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => searchAlerts.id, { onDelete: "cascade" }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    digestId: integer("digest_id")
      .notNull()
      .references(() => searchAlertDigests.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.offerId] }), index("search_alert_sent_offers_digest_idx").on(t.digestId)],
);

// ---- E-mails queued on a person's action (app/modules/messaging/mail-queue.server.ts, decision 032) ----

/**
 * Every e-mail the product sends because someone did something (a new inquiry or owner's request,
 * a reply, a task or finance notice, an alert confirmation): inserted, with its send job, in the
 * transaction of what it reports, so it exists exactly when that commits; the job sends it and
 * marks it. `round` grows with each «إعادة الإرسال»: a job of an earlier round does nothing.
 */
export const outgoingEmails = pgTable(
  "outgoing_emails",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    purpose: text("purpose").$type<MailPurpose>().notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** A back-office page the e-mail links to (a path), written as its last line with the site's address when sent. */
    linkPath: text("link_path"),
    linkLabel: text("link_label"),
    /** The inquiry a reply answers: the inbox card shows its delivery state. */
    inquiryId: integer("inquiry_id").references(() => inquiries.id, { onDelete: "cascade" }),
    status: text("status").$type<OutgoingEmailStatus>().notNull().default("queued"),
    round: integer("round").notNull().default(1),
    /** Attempts of this round. */
    attempts: integer("attempts").notNull().default(0),
    /** When the attempt now under way began ('sending'); one left this way was cut off mid-send. */
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Files it carries (a viewing's .ics invitation), sent with it by the same delivery. */
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
  },
  (t) => [
    index("outgoing_emails_inquiry_idx")
      .on(t.inquiryId)
      .where(sql`${t.inquiryId} is not null`),
    index("outgoing_emails_unfinished_idx")
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    check("outgoing_emails_status_known", sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

// ---- Clients: the brokerage pipeline (issue 32, decision 045) ----

/** A person the firm deals with, recognised across their messages by their phone (client_phones). */
export const clients = pgTable(
  "clients",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    stage: text("stage").$type<ClientStage>().notNull().default("new"),
    /** Why the client was lost (required for 'lost'), or a note on the stage. */
    stageReason: text("stage_reason").notNull().default(""),
    /** The staff member who follows the client up. */
    ownerId: integer("owner_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The first message's arrival and the firm's first reply: the first-answer clock. */
    firstMessageAt: timestamp("first_message_at", { withTimezone: true }).notNull().defaultNow(),
    firstReplyAt: timestamp("first_reply_at", { withTimezone: true }),
    /** When the manager was told the first answer is overdue: set once, by one instance (clients/first-answer). */
    firstAnswerOverdueNotifiedAt: timestamp("first_answer_overdue_notified_at", { withTimezone: true }),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The name as searched: 'احمد' finds 'أحمد' (ar_fold, as the tenants' and owners' names). */
    nameFolded: text("name_folded")
      .notNull()
      .generatedAlwaysAs(sql`ar_fold(name)`),
  },
  (t) => [
    index("clients_owner_stage_idx").on(t.ownerId, t.stage),
    index("clients_last_activity_idx").on(t.lastActivityAt.desc()),
    index("clients_name_trgm_idx").using("gin", sql`${t.nameFolded} gin_trgm_ops`),
  ],
);

/** A client's phones in E.164 (app/utils/phone.ts): one phone belongs to one client. */
export const clientPhones = pgTable(
  "client_phones",
  {
    phone: text("phone").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_phones_client_idx").on(t.clientId)],
);

/** A client's timeline: messages, replies, stage changes, assignments, notes, viewings, tasks. */
export const clientEvents = pgTable(
  "client_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ClientEventKind>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who did it; null for what the client did or the system. */
    actorId: integer("actor_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The record it is about (the inquiry, submission, viewing or task id), by kind. */
    refId: integer("ref_id"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (t) => [index("client_events_client_at_idx").on(t.clientId, t.at.desc())],
);

/**
 * The availability confirm tasks (decision 046): one row per offer and confirmation it asks to
 * renew, claimed by the scheduled job (primary key, ON CONFLICT DO NOTHING) in the transaction that
 * creates the task, so two instances or two runs never create two.
 */
export const offerAvailabilityChecks = pgTable(
  "offer_availability_checks",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    /** The confirmation this check asks to renew (offers.available_confirmed_at when it fell due). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.confirmedAt] }), index("offer_availability_checks_task_idx").on(t.taskId)],
);
// ---- Viewings: an offer shown to a client by a staff member (issue 32, app/modules/viewings) ----

/**
 * A viewing of an offer with a client. One staff member is never in two confirmed viewings at once:
 * an exclusion constraint on (staff_id, tstzrange(starts_at, ends_at)) where confirmed (migration
 * 0033's custom part, btree_gist), so two bookings of one slot at once cannot both commit.
 */
export const viewings = pgTable(
  "viewings",
  {
    // By default, not always: a visitor's request takes its id first, to put it on the client's timeline in the same transaction.
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Who shows it; null while a visitor's request waits for staff. */
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").$type<ViewingStatus>().notNull(),
    /** Where to meet: a maps link from the offer's coordinates and its neighbourhood, as they were when booked. */
    meetingPoint: text("meeting_point").notNull().default(""),
    mapsUrl: text("maps_url").notNull().default(""),
    outcome: text("outcome").$type<ViewingOutcome>(),
    outcomeReason: text("outcome_reason").notNull().default(""),
    /** The staff member who booked or confirmed it; null for a visitor's request. */
    bookedBy: integer("booked_by").references(() => staffUsers.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The reminders sent (the job scheduler claims each once: an update guarded by "is null"). */
    reminded24hAt: timestamp("reminded_24h_at", { withTimezone: true }),
    reminded2hAt: timestamp("reminded_2h_at", { withTimezone: true }),
    /** Grows with each change of time or state: the .ics SEQUENCE, so a calendar replaces its copy. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("viewings_starts_at_idx").on(t.startsAt),
    index("viewings_staff_starts_idx").on(t.staffId, t.startsAt),
    index("viewings_client_idx").on(t.clientId),
    check("viewings_status_known", sql`${t.status} in ('requested', 'confirmed', 'cancelled', 'done')`),
    check("viewings_outcome_known", sql`${t.outcome} is null or ${t.outcome} in ('interested', 'not-interested', 'another-viewing')`),
    // No check that a confirmed viewing has its staff member: a staff member removed leaves it waiting for another (set null).
    check("viewings_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** When the firm opens for viewings (one row, id 1): the days of the week (0 = Sunday) and hours (Riyadh) a visitor may choose from. */
export const viewingHours = pgTable("viewing_hours", {
  id: integer("id").primaryKey().default(1),
  days: integer("days")
    .array()
    .notNull()
    .default(sql`'{0,1,2,3,4}'`),
  opensAt: integer("opens_at").notNull().default(16),
  closesAt: integer("closes_at").notNull().default(21),
  slotMinutes: integer("slot_minutes").notNull().default(60),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
// ---- What clients are looking for, and the offers that match it (app/modules/client-requirements) ----

/**
 * A client's requirement (one client may have several). An empty list of cities or neighbourhoods
 * means any; a limit left out (null) means none. A rent's budget is yearly, compared with the
 * offer's yearly amount (offers.yearly_price), as the price orders compare rents.
 */
export const clientRequirements = pgTable(
  "client_requirements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<RequirementPurpose>().notNull(),
    /** Names of the property types (offers.property_type): at least one. */
    propertyTypes: text("property_types").array().notNull(),
    cities: text("cities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Neighbourhood names (offers.location), within the cities chosen. */
    neighbourhoods: text("neighbourhoods")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    budgetMin: bigint("budget_min", { mode: "number" }),
    budgetMax: bigint("budget_max", { mode: "number" }),
    roomsMin: integer("rooms_min"),
    areaMin: doublePrecision("area_min"),
    areaMax: doublePrecision("area_max"),
    /** A paused requirement is kept but matches nothing. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("client_requirements_client_idx").on(t.clientId),
    // The match for one offer (match-rule.server.ts): the active requirements of its type (GIN: the
    // offer's type in the list) and budget (GiST: its price in the range), the two bitmaps ANDed; the
    // rest is checked on those few rows.
    index("client_requirements_types_idx")
      .using("gin", t.propertyTypes)
      .where(sql`${t.active}`),
    // The budget as one range (a bound left out: unbounded), so «price within budget» is one indexed test.
    index("client_requirements_budget_idx")
      .using("gist", sql`int8range(${t.budgetMin}, ${t.budgetMax}, '[]')`)
      .where(sql`${t.active}`),
    check("client_requirements_purpose_known", sql`${t.purpose} in ('sale', 'rent')`),
    check("client_requirements_types_given", sql`cardinality(${t.propertyTypes}) > 0`),
    check("client_requirements_budget_order", sql`${t.budgetMin} is null or ${t.budgetMax} is null or ${t.budgetMin} <= ${t.budgetMax}`),
    check("client_requirements_area_order", sql`${t.areaMin} is null or ${t.areaMax} is null or ${t.areaMin} <= ${t.areaMax}`),
  ],
);

/**
 * An offer matched to a client's requirement when it became public or its price changed (recorded
 * by the scheduler's job, once per offer, requirement, reason and price), listed for the client's
 * owner until they mark it «تم التواصل».
 */
export const offerMatches = pgTable(
  "offer_matches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    requirementId: integer("requirement_id")
      .notNull()
      .references(() => clientRequirements.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    reason: text("reason").$type<OfferMatchReason>().notNull(),
    /** The offer's price when it matched. */
    price: bigint("price", { mode: "number" }).notNull(),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
    contactedBy: integer("contacted_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("offer_matches_once_idx").on(t.offerId, t.requirementId, t.reason, t.price),
    index("offer_matches_open_idx")
      .on(t.clientId, t.matchedAt.desc())
      .where(sql`${t.contactedAt} is null`),
    index("offer_matches_requirement_idx").on(t.requirementId),
    check("offer_matches_reason_known", sql`${t.reason} in ('published', 'price', 'requirement')`),
  ],
);

/**
 * The pipeline's rules (one row, id 1), set by the manager in settings: how new clients get their
 * owner, and the first-answer limit in the firm's working hours (Asia/Riyadh).
 */
export const clientRules = pgTable("client_rules", {
  id: integer("id").primaryKey().default(1),
  assignmentMode: text("assignment_mode").$type<ClientAssignmentMode>().notNull().default("manager"),
  /** 'city' mode: each city's employee; a city not listed goes to the manager. */
  cityOwners: jsonb("city_owners").$type<Array<{ city: string; staffId: number }>>().notNull().default([]),
  firstAnswerLimitHours: integer("first_answer_limit_hours").notNull().default(4),
  /** Working days, 0 = Sunday … 6 = Saturday (Riyadh). */
  workDays: jsonb("work_days").$type<number[]>().notNull().default([0, 1, 2, 3, 4]),
  workStartHour: integer("work_start_hour").notNull().default(9),
  workEndHour: integer("work_end_hour").notNull().default(17),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** 'turn' mode: each new client takes the next number, and number mod the active employees picks the owner (two at once get two numbers). */
export const clientAssignmentTurn = pgSequence("client_assignment_turn", { startWith: 0, minValue: 0 });

// ---- Property management (issue 33): owners, managed properties, their units, management contracts ----

/** An owner whose property the firm manages: a person (national id / iqama) or an establishment (CR). */
export const owners = pgTable(
  "owners",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<OwnerKind>().notNull(),
    name: text("name").notNull(),
    /** The national id or iqama (a person) or the CR number (an establishment): 10 ASCII digits. */
    identityNumber: text("identity_number").notNull(),
    email: text("email").notNull().default(""),
    /** The Saudi IBAN in electronic form («SA0380000000608010167519»); the bank is read from its code. */
    iban: text("iban").notNull(),
    nameFolded: text("name_folded")
      .notNull()
      .generatedAlwaysAs(sql`ar_fold(name)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("owners_identity_number_idx").on(t.identityNumber),
    index("owners_name_trgm_idx").using("gin", sql`${t.nameFolded} gin_trgm_ops`),
    check("owners_kind_known", sql`${t.kind} in ('person', 'establishment')`),
  ],
);

/** An owner's phones in E.164, in the order typed. */
export const ownerPhones = pgTable(
  "owner_phones",
  {
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.phone] }), index("owner_phones_phone_idx").on(t.phone)],
);

/** A building or a single unit the firm manages for its owner. */
export const managedProperties = pgTable(
  "managed_properties",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "restrict" }),
    kind: text("kind").$type<ManagedPropertyKind>().notNull(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    neighbourhood: text("neighbourhood").notNull(),
    address: text("address").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("managed_properties_owner_idx").on(t.ownerId), check("managed_properties_kind_known", sql`${t.kind} in ('building', 'unit')`)],
);

/** A unit of a managed property: what leases will attach to (issue 33, tenants and leases). */
export const managedUnits = pgTable(
  "managed_units",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => managedProperties.id, { onDelete: "restrict" }),
    /** The unit's number or name in its building («شقة ٣»). */
    label: text("label").notNull(),
    type: text("type").notNull(),
    floor: text("floor").notNull().default(""),
    /** Square metres. */
    area: integer("area").notNull().default(0),
    rooms: integer("rooms").notNull().default(0),
    electricityMeter: text("electricity_meter").notNull().default(""),
    waterMeter: text("water_meter").notNull().default(""),
    /** The public offer that markets it, while it is marketed. */
    offerId: integer("offer_id").references(() => offers.id, { onDelete: "set null" }),
    /** The unguessable part of the unit's maintenance link (/maintenance/:token) and its QR code. */
    reportToken: text("report_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("managed_units_report_token_idx").on(t.reportToken),
    index("managed_units_property_idx").on(t.propertyId),
    uniqueIndex("managed_units_property_label_idx").on(t.propertyId, t.label),
    check("managed_units_numbers_positive", sql`${t.area} >= 0 and ${t.rooms} >= 0`),
  ],
);

/**
 * The firm's management contract with an owner for a property, from `startsOn` to `endsOn`
 * inclusive (Riyadh calendar days). At most one in force per property on any day: an exclusion
 * constraint on the date range (btree_gist), added at the end of drizzle/0035.
 */
export const managementContracts = pgTable(
  "management_contracts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => managedProperties.id, { onDelete: "restrict" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "restrict" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    commissionKind: text("commission_kind").$type<CommissionKind>().notNull(),
    /** A share of the rent collected, in basis points (2.5 % = 250); set for 'percent'. */
    commissionBasisPoints: integer("commission_basis_points"),
    /** A fixed amount per year in halalas; set for 'fixed'. */
    commissionHalalas: bigint("commission_halalas", { mode: "number" }),
    services: text("services").array().$type<ManagementService[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("management_contracts_owner_idx").on(t.ownerId),
    check("management_contracts_dates_ordered", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "management_contracts_commission_kind",
      sql`(${t.commissionKind} = 'percent' and ${t.commissionBasisPoints} between 1 and 10000 and ${t.commissionHalalas} is null) or (${t.commissionKind} = 'fixed' and ${t.commissionHalalas} > 0 and ${t.commissionBasisPoints} is null)`,
    ),
  ],
);

// ---- Property management, continued (issue 33): tenants, leases, rent, maintenance, statements ----

/** A tenant: a person (national id or iqama) or an establishment (CR number), reached by phone. */
export const tenants = pgTable(
  "tenants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<OwnerKind>().notNull(),
    name: text("name").notNull(),
    /** 10 ASCII digits, checked as the owners' (decision 051). */
    identityNumber: text("identity_number").notNull(),
    /** E.164; rent reminders and renewal notices go here. */
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    nameFolded: text("name_folded")
      .notNull()
      .generatedAlwaysAs(sql`ar_fold(name)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tenants_identity_number_idx").on(t.identityNumber),
    index("tenants_phone_idx").on(t.phone),
    index("tenants_name_trgm_idx").using("gin", sql`${t.nameFolded} gin_trgm_ops`),
    check("tenants_kind_known", sql`${t.kind} in ('person', 'establishment')`),
  ],
);

/**
 * A lease of one unit to one tenant, registered on Ejar, in force from `startsOn` to
 * `terminatedOn ?? endsOn` inclusive (Riyadh days). At most one in force per unit on any day: an
 * exclusion constraint added under `-- custom:` in its migration (as management contracts, 051).
 */
export const leases = pgTable(
  "leases",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => managedUnits.id, { onDelete: "restrict" }),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "restrict" }),
    /** The contract's number on Ejar (ASCII digits). */
    ejarNumber: text("ejar_number").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    /** Ended early (the tenant left): its last day in force. */
    terminatedOn: date("terminated_on", { mode: "string" }),
    yearlyRentHalalas: bigint("yearly_rent_halalas", { mode: "number" }).notNull(),
    schedule: text("schedule").$type<LeaseSchedule>().notNull(),
    depositHalalas: bigint("deposit_halalas", { mode: "number" }).notNull().default(0),
    /** The lease this one renews (its yearly rent is the one a rent freeze compares with). */
    renewsLeaseId: integer("renews_lease_id").references((): AnyPgColumn => leases.id, { onDelete: "set null" }),
    /** When the renewal notice went (staff and the tenant's SMS): once per lease. */
    renewalNoticeSentAt: timestamp("renewal_notice_sent_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leases_unit_idx").on(t.unitId, t.startsOn),
    index("leases_tenant_idx").on(t.tenantId),
    index("leases_ends_idx").on(t.endsOn),
    uniqueIndex("leases_ejar_number_idx").on(t.ejarNumber),
    uniqueIndex("leases_renews_idx").on(t.renewsLeaseId),
    check("leases_dates_ordered", sql`${t.endsOn} >= ${t.startsOn}`),
    check("leases_terminated_within", sql`${t.terminatedOn} is null or ${t.terminatedOn} between ${t.startsOn} and ${t.endsOn}`),
    check("leases_money", sql`${t.yearlyRentHalalas} > 0 and ${t.depositHalalas} >= 0`),
    check("leases_schedule_known", sql`${t.schedule} in ('monthly', 'quarterly', 'half-yearly', 'yearly')`),
  ],
);

/** A city where rent may not rise at renewal between two days (Riyadh's freeze of September 2025). */
export const rentFreezes = pgTable(
  "rent_freezes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    city: text("city").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    /** Open-ended when null. */
    endsOn: date("ends_on", { mode: "string" }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rent_freezes_city_idx").on(t.city), check("rent_freezes_dates_ordered", sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`)],
);

/** One due date of a lease's rent; generated by the scheduler once per (lease, due date). */
export const rentInstalments = pgTable(
  "rent_instalments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "restrict" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    amountHalalas: bigint("amount_halalas", { mode: "number" }).notNull(),
    /** The sum of the payments applied to it. */
    paidHalalas: bigint("paid_halalas", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rent_instalments_lease_due_idx").on(t.leaseId, t.dueOn),
    index("rent_instalments_due_idx").on(t.dueOn),
    // The reports' arrears ageing reads only what is unpaid (property-reports, drizzle/0043).
    index("rent_instalments_unpaid_due_idx")
      .on(t.dueOn)
      .where(sql`${t.paidHalalas} < ${t.amountHalalas}`),
    check("rent_instalments_paid_within", sql`${t.amountHalalas} > 0 and ${t.paidHalalas} between 0 and ${t.amountHalalas}`),
  ],
);

/** A tenant's payment, recorded by the accountant; applied to the oldest unpaid instalments. */
export const rentPayments = pgTable(
  "rent_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "restrict" }),
    amountHalalas: bigint("amount_halalas", { mode: "number" }).notNull(),
    method: text("method").$type<RentPaymentMethod>().notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    receiptImageId: text("receipt_image_id").references(() => images.id, { onDelete: "set null" }),
    notes: text("notes").notNull().default(""),
    /** The form's one-time key: the same form sent twice records one payment. */
    requestKey: text("request_key").notNull(),
    recordedBy: integer("recorded_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rent_payments_request_key_idx").on(t.requestKey),
    index("rent_payments_lease_idx").on(t.leaseId, t.paidOn),
    index("rent_payments_paid_on_idx").on(t.paidOn),
    check("rent_payments_amount_positive", sql`${t.amountHalalas} > 0`),
    check("rent_payments_method_known", sql`${t.method} in ('transfer', 'cash', 'card', 'cheque')`),
  ],
);

/** How much of a payment went to which instalment. */
export const rentPaymentAllocations = pgTable(
  "rent_payment_allocations",
  {
    paymentId: integer("payment_id")
      .notNull()
      .references(() => rentPayments.id, { onDelete: "cascade" }),
    instalmentId: integer("instalment_id")
      .notNull()
      .references(() => rentInstalments.id, { onDelete: "restrict" }),
    amountHalalas: bigint("amount_halalas", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.instalmentId] }),
    index("rent_payment_allocations_instalment_idx").on(t.instalmentId),
    check("rent_payment_allocations_positive", sql`${t.amountHalalas} > 0`),
  ],
);

/** An arrears reminder sent for an instalment at one of the settings' steps (days overdue): once per step. */
export const rentReminders = pgTable(
  "rent_reminders",
  {
    instalmentId: integer("instalment_id")
      .notNull()
      .references(() => rentInstalments.id, { onDelete: "cascade" }),
    /** Days overdue the step stands for (3, 10, 30 …). */
    step: integer("step").notNull(),
    channel: text("channel").$type<ArrearsChannel>().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instalmentId, t.step] })],
);

/** A problem a tenant reported through the unit's link (phone confirmed by an SMS code). */
export const maintenanceRequests = pgTable(
  "maintenance_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => managedUnits.id, { onDelete: "restrict" }),
    /** E.164, confirmed by the code sent to it. */
    phone: text("phone").notNull(),
    category: text("category").$type<MaintenanceCategory>().notNull(),
    urgency: text("urgency").$type<MaintenanceUrgency>().notNull(),
    description: text("description").notNull(),
    /** The image pipeline's ids (private images). */
    photoIds: text("photo_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").$type<MaintenanceStatus>().notNull().default("open"),
    /** The staff task it became. */
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("maintenance_requests_unit_idx").on(t.unitId, t.createdAt.desc().nullsFirst()),
    index("maintenance_requests_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    uniqueIndex("maintenance_requests_task_idx").on(t.taskId),
  ],
);

/**
 * An expense charged to an owner (a repair): asked through the finance approvals (a task with an
 * amount, `financeTaskId`); it counts on a statement once the manager approved it (a transaction
 * for that task exists).
 */
export const ownerCharges = pgTable(
  "owner_charges",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "restrict" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => managedProperties.id, { onDelete: "restrict" }),
    unitId: integer("unit_id").references(() => managedUnits.id, { onDelete: "set null" }),
    maintenanceRequestId: integer("maintenance_request_id").references(() => maintenanceRequests.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amountHalalas: bigint("amount_halalas", { mode: "number" }).notNull(),
    chargedOn: date("charged_on", { mode: "string" }).notNull(),
    financeTaskId: integer("finance_task_id").references(() => tasks.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("owner_charges_owner_idx").on(t.ownerId, t.chargedOn),
    index("owner_charges_property_idx").on(t.propertyId),
    uniqueIndex("owner_charges_finance_task_idx").on(t.financeTaskId),
    // The reports' maintenance cost of a period (property-reports, drizzle/0043).
    index("owner_charges_charged_on_idx").on(t.chargedOn),
    check("owner_charges_amount_positive", sql`${t.amountHalalas} > 0`),
  ],
);

/** An owner's statement for one month (its first day in `month`): once per owner and month. */
export const ownerStatements = pgTable(
  "owner_statements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "restrict" }),
    month: date("month", { mode: "string" }).notNull(),
    collectedHalalas: bigint("collected_halalas", { mode: "number" }).notNull(),
    expensesHalalas: bigint("expenses_halalas", { mode: "number" }).notNull(),
    commissionHalalas: bigint("commission_halalas", { mode: "number" }).notNull(),
    /** The owner's negative net brought from their statement before (0 or less), recovered from this month's rent. */
    carriedHalalas: bigint("carried_halalas", { mode: "number" }).notNull().default(0),
    /** collected − expenses − commission + carried; may be negative (then carried to the owner's next statement). */
    netHalalas: bigint("net_halalas", { mode: "number" }).notNull(),
    lines: jsonb("lines").$type<OwnerStatementLine[]>().notNull(),
    /** The PDF in the file store. */
    pdfKey: text("pdf_key"),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    paidOutAt: timestamp("paid_out_at", { withTimezone: true }),
    payoutReference: text("payout_reference").notNull().default(""),
    paidOutBy: integer("paid_out_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("owner_statements_owner_month_idx").on(t.ownerId, t.month), index("owner_statements_month_idx").on(t.month)],
);

/** The property-management rules staff set in settings (one row). */
export const propertyManagementRules = pgTable(
  "property_management_rules",
  {
    id: integer("id").primaryKey().default(1),
    /** Days before a lease's end its renewal notice goes. */
    renewalNoticeDays: integer("renewal_notice_days").notNull().default(60),
    /** Days overdue at which a tenant is reminded, ascending. */
    arrearsReminderDays: integer("arrears_reminder_days")
      .array()
      .notNull()
      .default(sql`'{3,10,30}'::integer[]`),
    arrearsChannel: text("arrears_channel").$type<ArrearsChannel>().notNull().default("sms"),
    /** The day of the month owners' statements for the month before are made and sent. */
    statementDay: integer("statement_day").notNull().default(5),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("property_management_rules_one_row", sql`${t.id} = 1`),
    check("property_management_rules_ranges", sql`${t.renewalNoticeDays} between 1 and 365 and ${t.statementDay} between 1 and 28`),
    check("property_management_rules_channel_known", sql`${t.arrearsChannel} in ('sms', 'whatsapp')`),
  ],
);

// ---- The owners' portal (issue 33, decision 056) ----

/**
 * An owner's sign-in account: a staff_users row of role `owner` (so the SMS code, its limits and
 * the sessions are the staff's own), linked here to the owner whose properties it sees. One account
 * per owner; the account goes with its owner.
 */
export const ownerPortalAccounts = pgTable("owner_portal_accounts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  ownerId: integer("owner_id")
    .notNull()
    .unique()
    .references(() => owners.id, { onDelete: "cascade" }),
  invitedBy: integer("invited_by").references(() => staffUsers.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Visitors' openings of an offer's page, per Riyadh day (counted by the server for every page answer, cached or not). */
export const offerViewDays = pgTable(
  "offer_view_days",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day] })],
);
