// The tables as Kysely sees them: one description for both engines (the migrations in
// migrations/sqlite and migrations/postgres create exactly these columns). Times are ISO 8601 UTC
// text and flags 0/1 on both, so values read back the same whichever engine stored them.
import type { Generated } from 'kysely';
import type { ContentAction, ContentKind, ContentStatus, StaffRole } from '../../common/content.ts';
import type { InboxKind, InboxStatus } from '../../common/inbox.ts';

type Flag = Generated<number>;

/** What an outbox email is for; 'owner-assigned' tells a staff member a submission became theirs;
 * the booking kinds carry a booked demo's invite or reminder to the visitor or the owner (013);
 * 'sign-in-alert' tells a staff member their account saw a burst of failed sign-ins (015). */
export type OutboxKind =
  | 'sales-demo'
  | 'sales-contact'
  | 'demo-confirmation'
  | 'owner-assigned'
  | 'booking-invite'
  | 'booking-invite-staff'
  | 'booking-reminder'
  | 'booking-reminder-staff'
  | 'sign-in-alert';
type Status = Generated<InboxStatus>;

/** Where the visitor came from (migration 014, decision 051), on every submission table: the
 * checked attribution as JSON text, and the two values the inbox filters by; null when none came. */
type AttributionColumns = {
  attribution: string | null;
  source: string | null;
  campaign: string | null;
  /** Migration 017: the attribution's landing page without its query string (what converts). */
  landing_page?: string | null;
};

export type DB = {
  feedback: {
    id: Generated<number>;
    feedback: string;
    is_spam: Flag;
    status: Status;
    created_at: string;
    owner: string | null;
  } & AttributionColumns;
  demo_requests: {
    id: Generated<number>;
    name: string;
    job_title: string;
    company: string;
    country: string;
    number: string;
    email: string;
    text: string;
    is_spam: Flag;
    status: Status;
    created_at: string;
    marketing_consent_version: string | null;
    marketing_consent_at: string | null;
    owner: string | null;
  } & AttributionColumns;
  contact_messages: {
    id: Generated<number>;
    name: string;
    email: string;
    subject: string;
    inq_type: number;
    message: string;
    img: Uint8Array;
    img_type: string;
    img_size: number;
    img_sha256: string;
    is_spam: Flag;
    status: Status;
    created_at: string;
    marketing_consent_version: string | null;
    marketing_consent_at: string | null;
    owner: string | null;
  } & AttributionColumns;
  newsletter_subscribers: {
    id: Generated<number>;
    email: string;
    is_spam: Flag;
    status: Status;
    created_at: string;
    owner: string | null;
  } & AttributionColumns;
  users: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    created_at: string;
    disabled_at: string | null;
    /** Where this staff member's own notifications go (migration 006); null: none sent. */
    email: string | null;
    /** admin or sales (migration 008). */
    role: Generated<StaffRole>;
  };
  refresh_tokens: {
    id: Generated<number>;
    user_id: number;
    session_id: string;
    token_hash: string;
    created_at: string;
    expires_at: string;
    /** Sign-in or last refresh (migration 006): the idle limit counts from here. */
    last_used_at: string;
    revoked_at: string | null;
  };
  /** Refresh tokens rotated away from: a second use of one is a reuse (migration 006). */
  retired_refresh_tokens: { token_hash: string; session_id: string; retired_at: string };
  sign_in_failures: { key: string; failures: number; last_failed_at: string; locked_until: string | null };
  faqs: {
    id: Generated<number>;
    position: number;
    question: string;
    answer: string;
    hidden: Flag;
    version: Generated<number>;
    updated_at: string | null;
    updated_by: string | null;
    /** Drafts, schedule and trash (migration 018, decision 052). */
    status: Generated<ContentStatus>;
    draft_json: string | null;
    publish_at: string | null;
    deleted_at: string | null;
  };
  glossary_entries: {
    id: Generated<number>;
    category: string;
    term: string;
    description: string;
    version: Generated<number>;
    updated_at: string | null;
    updated_by: string | null;
    /** Drafts, schedule and trash (migration 018, decision 052). */
    status: Generated<ContentStatus>;
    draft_json: string | null;
    publish_at: string | null;
    deleted_at: string | null;
  };
  content_history: {
    id: Generated<number>;
    kind: ContentKind;
    item_id: number;
    action: ContentAction;
    version: number;
    username: string;
    created_at: string;
    before_json: string | null;
    after_json: string | null;
  };
  content_seed_keys: { kind: ContentKind; seed_key: string };
  /** An editor's typing in an item, autosaved (migration 018); pages too, by page id (022). */
  content_autosaves: {
    kind: ContentKind | 'page';
    /** The FAQ's or glossary entry's id as digits, or the page id. */
    item_id: string;
    username: string;
    version: number;
    fields_json: string;
    saved_at: string;
  };
  /** Edited page copy (issue 31, migration 019): no row = the file in content/. */
  page_documents: {
    page_id: string;
    /** Null while the page is still its file and only a draft is saved (migration 020). */
    document: string | null;
    version: number;
    updated_at: string;
    updated_by: string;
    draft_json: Generated<string | null>;
    publish_at: Generated<string | null>;
    draft_at: Generated<string | null>;
    draft_by: Generated<string | null>;
  };
  page_document_history: {
    id: Generated<number>;
    page_id: string;
    version: number;
    document: string;
    saved_at: string;
    saved_by: string;
    action: Generated<'save' | 'draft' | 'publish'>;
  };
  redirects: { from_path: string; to_path: string; created_at: string; created_by: string };
  /** Uploaded story and integration images (migration 021): the id is the bytes' SHA-256. */
  content_images: {
    id: string;
    type: string;
    bytes: Uint8Array;
    size: number;
    width: number;
    height: number;
    alt: string;
    created_at: string;
    created_by: string;
  };
  /** Every change of a list's order, one row per version (migration 021). */
  content_order_history: {
    id: Generated<number>;
    kind: 'faq';
    version: number;
    action: 'reorder' | 'undo';
    username: string;
    created_at: string;
    before_json: string;
    after_json: string;
    moved_id: number | null;
    moved_label: string | null;
    moved_from: number | null;
    moved_to: number | null;
    undoes: number | null;
  };
  submission_events: {
    id: Generated<number>;
    kind: InboxKind;
    submission_id: number;
    username: string;
    action: 'status' | 'note' | 'owner';
    from_status: InboxStatus | null;
    to_status: InboxStatus | null;
    note: string | null;
    from_owner: string | null;
    to_owner: string | null;
    created_at: string;
  };
  /** Which staff member has opened which submission: no row = unread (migration 006). */
  submission_reads: { kind: InboxKind; submission_id: number; username: string; read_at: string };
  outbox: {
    id: Generated<number>;
    kind: OutboxKind;
    /** The submission it is about; both null for an email about an account (migration 015). */
    submission_kind: InboxKind | null;
    submission_id: number | null;
    recipient: string;
    reply_to: string | null;
    subject: string;
    body_text: string;
    message_id: string;
    created_at: string;
    attempts: Generated<number>;
    next_attempt_at: string;
    last_error: string | null;
    sent_at: string | null;
    /** An RFC 5545 invite sent with it as text/calendar (migration 013). */
    calendar: Generated<string | null>;
    /** The booking it is about, by uid (migration 013). */
    booking_uid: Generated<string | null>;
  };
  rate_limit_hits: { key: string; window_start: number; hits: number };
  idempotency_keys: { kind: string; idem_key: string; body_sha256: string; message: string; created_at: string };
  // Demo booking (migration 011, decision 045).
  staff_availability: {
    user_id: number;
    time_zone: string;
    meeting_url: string | null;
    in_rotation: Flag;
    updated_at: string;
    updated_by: string;
  };
  /** day 1 = Monday … 7 = Sunday; HH:MM wall-clock times in the staff member's zone. */
  staff_weekly_hours: { user_id: number; day: number; start_time: string; end_time: string };
  staff_days_off: { user_id: number; day: string };
  /** One row (id 1); a null column uses the configured value. */
  booking_settings: {
    id: number;
    meeting_minutes: number | null;
    buffer_minutes: number | null;
    notice_minutes: number | null;
    horizon_days: number | null;
    updated_at: string;
    updated_by: string;
  };
  bookings: {
    id: Generated<number>;
    uid: string;
    sequence: Generated<number>;
    owner_id: number;
    start_at: string;
    end_at: string;
    status: Generated<BookingStatus>;
    routing_reason: string;
    time_zone: string;
    demo_request_id: number | null;
    created_at: string;
    updated_at: string;
  };
  booking_events: {
    id: Generated<number>;
    booking_id: number;
    action: 'booked' | 'rescheduled' | 'cancelled';
    owner_id: number;
    start_at: string;
    end_at: string;
    username: string | null;
    created_at: string;
  };
  /** A staff member's private calendar feed (migration 016): the hash of its secret. */
  staff_calendar_feeds: { user_id: number; secret_hash: string; generation: number; renewed_at: string };
  // Visitor analytics (migration 012, decision 047).
  analytics_salts: { day: string; salt: string; created_at: string };
  analytics_events: AnalyticsEventTable;
  analytics_daily: {
    day: string;
    dimension: string;
    value: string;
    visitors: number;
    events: number;
    conversions: number;
  };
};

export type AnalyticsEventTable = {
  id: Generated<number>;
  day: string;
  at: string;
  type: string;
  path: string;
  referrer_host: string | null;
  source: string;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  visitor: string;
  device: string;
  name: string | null;
  found: number | null;
};

export type BookingStatus = 'booked' | 'cancelled';
