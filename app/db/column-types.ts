/**
 * The value types of the schema's enum-like and JSON columns (decision 044): the database layer
 * imports no module, so the words a column may hold are said here, and each module re-exports the
 * ones it owns beside their Arabic labels.
 */

/** The records the audit log follows. */
export type AuditEntity =
  | "inquiry"
  | "submission"
  | "task"
  | "offer"
  | "licence"
  | "settings"
  | "client"
  | "owner"
  | "managed-property"
  | "managed-unit"
  | "management-contract"
  // Leases (issue 33): tenants, leases, the cities' rent freezes.
  | "tenant"
  | "lease"
  | "rent-freeze";

/** Every action the audit log accepts (app/modules/audit/audit-labels.ts names each in Arabic). */
export type AuditAction =
  | "reply-email"
  | "reply-whatsapp"
  | "complete"
  | "help-request"
  | "reject"
  | "offer-started"
  | "task-created"
  | "status-change"
  | "finance-request"
  | "approve"
  | "settings-change"
  | "lookup-change"
  | "licence-added"
  | "licence-deleted"
  | "ad-licence-change"
  | "availability-confirmed"
  // The clients pipeline (issue 32): a client's owner set, a note added, a phone added or removed, the e-mail changed.
  | "client-assigned"
  | "client-note"
  | "client-phone-added"
  | "client-phone-removed"
  | "client-email-changed"
  | "pm-created"
  | "pm-updated"
  | "pm-removed"
  // Owners' monthly statements (decision 055).
  | "statement-paid-out"
  | "statement-settled-by-owner";

/** A transaction is money in or money out (stored in English, shown in Arabic). */
export const TRANSACTION_TYPES = ["income", "expense"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** A counter's bucket: each public form has its own (a visitor's inquiries do not use up their viewing requests). */
export type RateLimitScope =
  | "inquiry"
  | "viewing-request"
  | "submission"
  | "search-alert"
  | "login-code"
  | "login-verify"
  | "password-sign-in"
  | "password-failures"
  | "password-slot"
  | "reauth"
  | "staff-upload";

/** Inquiry statuses (pending, then replied, then completed) and the moves between them, shared by the inbox and the server. */
export const INQUIRY_STATUSES = ["pending", "replied", "completed"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** How staff replied to an inquiry. */
export type ReplyMethod = "email" | "whatsapp";

/** Where a photo uploaded ahead of its form waits: the offer form's pool, or the content editor's (never shared). */
export type StagingPool = "offer" | "content";

/**
 * The delivery of a queued e-mail as staff see it (decision 032), shared by the server and the
 * back office's pages.
 */
export type OutgoingEmailStatus = "queued" | "sending" | "sent" | "failed";

/** Why an e-mail was sent: the action of a person it reports. */
export type MailPurpose =
  | "inquiry-notice"
  | "submission-notice"
  | "inquiry-reply"
  | "task-notice"
  | "finance-notice"
  | "help-request"
  | "alert-confirmation"
  | "alert-reminder"
  | "email-changed"
  | "password-changed"
  // REGA ad-licence verification (issue 32, decision 047)
  | "licence-withdrawn"
  | "viewing-invitation"
  | "viewing-cancellation"
  // The clients pipeline (issue 32): a new client for their owner, a first answer overdue for the manager.
  | "client-assigned"
  | "client-overdue"
  // Leases (issue 33): a lease ending soon, for the manager.
  | "lease-renewal-notice"
  // Owners' monthly statements (issue 33, decision 055): the PDF attached.
  | "owner-statement";

export const ADVERTISER_CAPACITIES = ["broker", "owner", "authorised"] as const;
export type AdvertiserCapacity = (typeof ADVERTISER_CAPACITIES)[number];
export const RENT_PERIODS = ["yearly", "monthly", "daily"] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];
export type YesNoUnknown = "yes" | "no" | "unknown";
/** What the ad must disclose (REGA): each yes/no with details when yes, guarantees, building code. */
export interface OfferDisclosures {
  disputes: boolean;
  disputesDetails: string;
  mortgage: boolean;
  mortgageDetails: string;
  unrecordedRights: boolean;
  unrecordedRightsDetails: string;
  guarantees: string;
  buildingCode: YesNoUnknown;
}

/** The extra facts of an offer (street width, facade, rooms, plot…). Stored as JSON on the offer. */
export interface OfferDetails {
  streetWidth: number; // metres
  facade: string[]; // directions from FACADE_OPTIONS
  propertyAge: number; // years
  livingRooms: number;
  driversRoom: boolean;
  maidsRoom: boolean;
  planNumber: string;
  plotNumber: string;
  constructionDate: string; // e.g. "2019"
  buildingType: string; // one of BUILDING_USE_OPTIONS, or ""
  elevators: number;
  kitchen: boolean; // kitchen fitted
  rooftopTank: boolean;
  unitNumber: string;
  parking: number; // parking spaces
  supervisorName: string;
  supervisorPhone: string;
  additionalNotes: string;
}

export interface OfferUnit {
  id: string;
  type: string;
  description: string;
  floor: string; // "5", "3-7" or "1, 3, 5"
  area: number;
  bedrooms: number;
  bathrooms: number;
  orientation?: string;
}

export type DailyChannel = "email" | "whatsapp";
/** queued: waiting for its (next) attempt; sent; failed: the last attempt failed too. */
export type DeliveryStatus = "queued" | "sent" | "failed";
/** How a report came to be: the scheduler at the set hour (or at start after downtime), or the manager's «إرسال الآن». */
export type DailyReportTrigger = "schedule" | "manual";

/**
 * The daily report of one Riyadh day (shared by browser and server: the «التقارير المرسلة» page
 * shows it, the reports page opens WhatsApp with its text). Built by `buildDailyReport`
 * (daily-report.server.ts); counts are whole numbers, money is in riyals.
 */
export interface DailyReport {
  /** The Riyadh calendar day the figures are about, yyyy-mm-dd. */
  day: string;
  /** When the figures were read (ISO). Statuses (pending, open, awaiting approval) are as of then. */
  builtAt: string;
  inquiries: {
    /** Received that day. */
    received: number;
    /** Received by the end of the day and still pending. */
    pending: number;
    /** Of those, pending more than 24 hours at the end of the day. */
    late: number;
  };
  submissions: { received: number };
  offers: {
    /** Added that day. */
    published: number;
    /** Set to مباع that day. */
    sold: number;
    /** Set to مؤجر that day. */
    rented: number;
    /**
     * Where sold and rented come from: "status-changes" (the audit log's offer status changes) or,
     * before the log held any, "updated-offers" (offers now sold or rented whose last update was that
     * day: an estimate, said so in the report).
     */
    soldRentedSource: "status-changes" | "updated-offers";
  };
  tasks: {
    /** Open (neither completed nor cancelled) and older than 24 hours at the end of the day. */
    late: number;
  };
  finance: {
    /** Finance requests awaiting the manager's approval. */
    awaitingApproval: number;
    /** Approved transactions dated that day, in riyals. */
    income: number;
    expenses: number;
  };
  /** Absolute links into the back office (PUBLIC_URL + /admin/…). */
  links: DailyReportLinks;
  /**
   * The clients whose first message came that day, per owner (issue 32): the median first answer
   * in working hours and the share answered within the limit (0–1, null when no clock has ended).
   * Absent from reports stored before the clients pipeline.
   */
  firstAnswers?: Array<{ ownerName: string; clients: number; answered: number; medianHours: number | null; withinShare: number | null }>;
}

export interface DailyReportLinks {
  inquiries: string;
  pendingInquiries: string;
  submissions: string;
  offers: string;
  lateTasks: string;
  approvals: string;
  finance: string;
  reports: string;
}

/** What an owner wants for the property (app/modules/submissions/limits.ts names each). */
export type SubmissionGoal = "sale" | "rent" | "management";

/** Owner submission statuses: pending (in review) when it arrives; then rejected, or reviewed once an offer is started from it. */
export type SubmissionStatus = "pending" | "reviewed" | "rejected";

/** The eight task statuses (stored in English, shown in Arabic), in the order the status menus list them. */
export const TASK_STATUSES = ["Pending", "In Progress", "Awaiting Info", "Finance Request", "Completed", "Cancelled", "Awaiting Approval", "Rejected"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The three staff roles, with the titles the back office shows. */
export const ROLES = ["manager", "accountant", "staff"] as const;
export type Role = (typeof ROLES)[number];
/** Every role a staff_users row may hold: the staff's, and the owners' portal accounts (decision 056), who never open /admin. */
export type AccountRole = Role | "owner";

/** Who sees an offer in a status (decision 027; app/modules/lookups/status-visibility.ts). */
export const STATUS_VISIBILITIES = ["available", "recent", "internal"] as const;
export type StatusVisibility = (typeof STATUS_VISIBILITIES)[number];

/** A client's stage in the brokerage pipeline (issue 32): جديد، تم التواصل، معاينة، تفاوض، تم الاتفاق، لم يتم. */
export type ClientStage = "new" | "contacted" | "viewing" | "negotiating" | "agreed" | "lost";

/**
 * What a client's timeline entry records. Each module that adds to the timeline owns its kinds:
 * messages (inquiry, contact, submission) and replies come from inquiries/submissions, the rest
 * from the clients pipeline, viewings and requirements.
 */
/** How new clients get their owner (the manager's rule in settings, issue 32). */
export const CLIENT_ASSIGNMENT_MODES = ["manager", "turn", "city"] as const;
export type ClientAssignmentMode = (typeof CLIENT_ASSIGNMENT_MODES)[number];

export type ClientEventKind = "inquiry" | "contact" | "submission" | "reply" | "stage" | "assigned" | "note" | "viewing" | "task" | "requirement";

/** What REGA last said took an offer's ad licence away (decision 047): '' while it has not. */
export type RegaWithdrawal = "cancelled" | "ended";

/** A viewing's state (issue 32, app/modules/viewings): asked for by a visitor, confirmed by staff, cancelled, or done (its outcome recorded). */
export type ViewingStatus = "requested" | "confirmed" | "cancelled" | "done";
/** What came of a viewing: interested, not interested (with a reason), or wants another viewing. */
export type ViewingOutcome = "interested" | "not-interested" | "another-viewing";
/** A file an e-mail carries (a viewing's calendar invitation), kept in the database with its e-mail. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** A binary file (an owner's statement PDF) is kept in base64. */
  encoding?: "base64";
}

/** What a client's requirement looks for (app/modules/client-requirements): to buy or to rent. */
export const REQUIREMENT_PURPOSES = ["sale", "rent"] as const;
export type RequirementPurpose = (typeof REQUIREMENT_PURPOSES)[number];

/** Why an offer was matched to a requirement: it became public, its price changed while public, or the requirement was added (or changed) while the offer was public. */
export type OfferMatchReason = "published" | "price" | "requirement";

// ---- Property management (issue 33): owners, managed properties, units, management contracts ----

/** An owner is a person (national id or iqama) or an establishment (CR number). */
export const OWNER_KINDS = ["person", "establishment"] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];
/** A managed property is a whole building with its units, or one unit on its own. */
export const MANAGED_PROPERTY_KINDS = ["building", "unit"] as const;
export type ManagedPropertyKind = (typeof MANAGED_PROPERTY_KINDS)[number];
/** The firm's commission: a share of the rent collected (basis points) or a fixed yearly amount (halalas). */
export const COMMISSION_KINDS = ["percent", "fixed"] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
/** What the firm does for the owner under a management contract. */
export const MANAGEMENT_SERVICES = ["rent-collection", "maintenance", "marketing", "lease-management", "owner-statements"] as const;
export type ManagementService = (typeof MANAGEMENT_SERVICES)[number];

// ---- Property management, continued (issue 33): tenants, leases, rent, maintenance, statements ----

/** How often a lease's rent falls due: the yearly rent split into 12, 4, 2 or 1 instalments. */
export const LEASE_SCHEDULES = ["monthly", "quarterly", "half-yearly", "yearly"] as const;
export type LeaseSchedule = (typeof LEASE_SCHEDULES)[number];
/** How a tenant paid. */
export const RENT_PAYMENT_METHODS = ["transfer", "cash", "card", "cheque"] as const;
export type RentPaymentMethod = (typeof RENT_PAYMENT_METHODS)[number];
/** Where an arrears reminder goes. */
export const ARREARS_CHANNELS = ["sms", "whatsapp"] as const;
export type ArrearsChannel = (typeof ARREARS_CHANNELS)[number];
/** A tenant's maintenance report: what is broken, how urgent, and where it stands. */
export const MAINTENANCE_CATEGORIES = ["plumbing", "electricity", "air-conditioning", "appliances", "doors-windows", "cleaning", "other"] as const;
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];
export const MAINTENANCE_URGENCIES = ["normal", "urgent", "emergency"] as const;
export type MaintenanceUrgency = (typeof MAINTENANCE_URGENCIES)[number];
export const MAINTENANCE_STATUSES = ["open", "in-progress", "done", "cancelled"] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
/** One unit's line on an owner's monthly statement (amounts in halalas). */
export interface OwnerStatementLine {
  unitId: number;
  unitLabel: string;
  propertyName: string;
  collectedHalalas: number;
  expensesHalalas: number;
  commissionHalalas: number;
}
