// The inbox's rules about status: which moves are allowed from where.
import { INBOX_STATUSES, type InboxStatus } from '../../../common/inbox.ts';

/** A spam submission goes back to New to be triaged again; any other move is allowed. */
export function nextStatuses(from: InboxStatus): InboxStatus[] {
  if (from === 'spam') return ['new'];
  return INBOX_STATUSES.filter((status) => status !== from);
}

/** Whether a row at `from` may be moved to `to` (staying put is always allowed). */
export const mayMove = (from: InboxStatus, to: InboxStatus) => from === to || nextStatuses(from).includes(to);
