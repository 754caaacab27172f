// Calendar invites for booked demos (RFC 5545): METHOD:REQUEST for a new or moved meeting,
// METHOD:CANCEL for a cancelled one, with the booking's stable UID and growing SEQUENCE so a
// calendar updates the one event instead of adding another. Times are UTC (DTSTART/DTEND with
// 'Z'): no VTIMEZONE to get wrong, and every calendar shows them in its owner's zone. Lines end
// in CRLF and are folded at 75 octets without splitting a UTF-8 character; text is escaped.

export type InvitePerson = { name: string; email: string };

export type Invite = {
  method: 'REQUEST' | 'CANCEL';
  /** The booking's uid; the UID is `<uid>@<domain>`, the same for its whole life. */
  uid: string;
  domain: string;
  sequence: number;
  /** ISO 8601 instants. */
  start: string;
  end: string;
  /** When this version of the invite was made (DTSTAMP). */
  stamp: string;
  summary: string;
  description: string;
  /** The meeting link, or words such as "Phone call: we will call +61 …". */
  location: string;
  organizer: InvitePerson;
  attendees: InvitePerson[];
  productId: string;
};

const MAX_OCTETS = 75;

/** 20261004T223000Z */
export function utcStamp(instant: string): string {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${instant}`);
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** A parameter value (CN): no DQUOTE or control characters allowed; quoted when it has : ; , */
function paramValue(value: string): string {
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '').trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** A mailto: URI for an address that cannot break out of its line. */
function mailto(email: string): string {
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(email)) throw new RangeError(`Not an email address: ${JSON.stringify(email)}`);
  return `mailto:${email}`;
}

/** Folds one content line at 75 octets: CRLF and a space before each continuation. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // Continuation lines start with a space, which counts towards their 75.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildInvite(invite: Invite): string {
  const person = (property: string, who: InvitePerson, extra = '') =>
    `${property};CN=${paramValue(who.name)}${extra}:${mailto(who.email)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${escapeText(invite.productId)}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(`${invite.uid}@${invite.domain}`)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(invite.sequence))}`,
    `DTSTAMP:${utcStamp(invite.stamp)}`,
    `DTSTART:${utcStamp(invite.start)}`,
    `DTEND:${utcStamp(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `LOCATION:${escapeText(invite.location)}`,
    ...(/^https:\/\//.test(invite.location) && !/[\s"<>]/.test(invite.location) ? [`URL:${invite.location}`] : []),
    person('ORGANIZER', invite.organizer),
    ...invite.attendees.map((attendee) =>
      person('ATTENDEE', attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE'),
    ),
    `STATUS:${invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The MIME type of an invite of `method`, for the email part carrying it. */
export const inviteContentType = (method: Invite['method']) => `text/calendar; charset=utf-8; method=${method}`;
