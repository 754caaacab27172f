// A staff member's private calendar feed (issue 29): an RFC 5545 VCALENDAR of their upcoming
// booked demos that Google Calendar or Outlook subscribes to by URL. The URL's secret is an
// HMAC of the user and the feed's generation under the server's key; only its SHA-256 is stored
// (migration 016), and "Renew" moves to the next generation, so the old URL opens nothing.
// Events carry the booking's own UID and SEQUENCE (the invite's), times in UTC.
import { createHash, createHmac } from 'node:crypto';
import { escapeText, foldLine, utcStamp } from './ics.ts';

/** 32 bytes as base64url: 43 characters. */
export const FEED_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function feedSecret(key: string, userId: number, generation: number): string {
  return createHmac('sha256', key).update(`haulora-calendar-feed:${userId}:${generation}`).digest('base64url');
}

export const feedSecretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const feedPath = (secret: string) => `/calendar/${secret}.ics`;

export type FeedEvent = {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** The meeting link, or words such as "Phone call". */
  location: string;
  /** The demo request in the inbox. */
  url: string | null;
};

export type Feed = { name: string; domain: string; productId: string; stamp: string; events: FeedEvent[] };

/** The feed's text: CRLF lines folded at 75 octets, text escaped (ics.ts), no METHOD (a
 * published calendar, not an invitation), and a hint to refresh every 15 minutes. */
export function buildFeed(feed: Feed): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${escapeText(feed.productId)}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...feed.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${escapeText(`${event.uid}@${feed.domain}`)}`,
      `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
      `DTSTAMP:${utcStamp(feed.stamp)}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      ...(event.url && /^https?:\/\/[^\s"<>]+$/.test(event.url) ? [`URL:${event.url}`] : []),
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
