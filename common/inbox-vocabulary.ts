// The staff inbox's vocabulary: the kinds of submission, their statuses, labels and limits.
// Shared by the server (common/inbox.ts builds the API's schemas on it) and the inbox page's
// script, so nothing here may import a library: the page's script has a size budget.

/** The four kinds of submission, as URLs and code name them. */
export const INBOX_KINDS = ['demo-requests', 'contact-messages', 'feedback', 'newsletter'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const isInboxKind = (value: unknown): value is InboxKind => INBOX_KINDS.includes(value as InboxKind);

export const KIND_LABELS: Record<InboxKind, string> = {
  'demo-requests': 'Demo requests',
  'contact-messages': 'Contact messages',
  feedback: 'Feedback',
  newsletter: 'Newsletter',
};

/** One submission of each kind, for headings. */
export const KIND_SINGULAR: Record<InboxKind, string> = {
  'demo-requests': 'Demo request',
  'contact-messages': 'Contact message',
  feedback: 'Feedback',
  newsletter: 'Newsletter sign-up',
};

/** Where a submission stands; 'spam' also holds every honeypot submission. */
export const INBOX_STATUSES = ['new', 'in_progress', 'done', 'spam'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const isInboxStatus = (value: unknown): value is InboxStatus => INBOX_STATUSES.includes(value as InboxStatus);

export const STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
  spam: 'Spam',
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** Longest internal note, in characters after trimming. */
export const NOTE_MAX_LENGTH = 2000;
/** Longest search text. */
export const SEARCH_MAX_LENGTH = 200;
/** Characters of the text a list row previews. */
export const PREVIEW_LENGTH = 160;

/** What a list can be ordered by. 'company' is the demo request's, 'subject' the contact
 * message's, 'email' the newsletter's; every kind has received, status and owner. */
export const INBOX_SORTS = ['received', 'name', 'company', 'subject', 'email', 'status', 'owner', 'meeting'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];
export const SORT_LABELS: Record<InboxSort, string> = {
  received: 'Received',
  name: 'Name',
  company: 'Company',
  subject: 'Subject',
  email: 'Email',
  status: 'Status',
  owner: 'Owner',
  meeting: 'Meeting time',
};
export const SORTS_BY_KIND: Record<InboxKind, readonly InboxSort[]> = {
  'demo-requests': ['received', 'name', 'company', 'status', 'owner', 'meeting'],
  'contact-messages': ['received', 'name', 'subject', 'status', 'owner'],
  feedback: ['received', 'status', 'owner'],
  newsletter: ['received', 'email', 'status', 'owner'],
};
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const DEFAULT_SORT: InboxSort = 'received';
export const DEFAULT_DIRECTION: SortDirection = 'desc';
/** The direction a sort takes when none is given: the meeting time reads soonest first (upcoming,
 * then past, then none: issue 29); every other column newest or Z–A first. */
export const defaultDirectionOf = (sort: InboxSort): SortDirection => (sort === 'meeting' ? 'asc' : DEFAULT_DIRECTION);
/** A demo request's booking, as the list filters it (issue 29): a booked meeting not yet over, one
 * that is over, or no booked meeting (never booked, or cancelled). */
export const BOOKING_FILTERS = ['upcoming', 'past', 'none'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
export const isBookingFilter = (value: unknown): value is BookingFilter =>
  BOOKING_FILTERS.includes(value as BookingFilter);
export const BOOKING_FILTER_LABELS: Record<BookingFilter, string> = {
  upcoming: 'Upcoming meeting',
  past: 'Past meeting',
  none: 'No meeting booked',
};
export const isInboxSort = (value: unknown): value is InboxSort => INBOX_SORTS.includes(value as InboxSort);

/** The owner filter's words beside a username: mine, and nobody's. */
export const OWNER_ME = 'me';
export const OWNER_NONE = 'none';
/** A staff username as an owner (what `npm run user:add` accepts). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;
/** Most submissions one bulk change or selection export takes. */
export const BULK_MAX_IDS = 500;
