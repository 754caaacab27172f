// Preview links for a Content item's draft (issue 31, decision 052): /preview/<token> renders the
// real public page (the FAQ, the glossary) with the item's current draft applied, for anyone who
// holds the link, signed in or not, until it expires. The token is the only key: signed
// (HMAC-SHA256 under a key derived from TOKEN_SECRET for this one purpose, as the booking links
// are), naming one item and an expiry; tampered → 'invalid' (404), past its time → 'expired' (410).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FaqItem, GlossaryEntry } from '../../common/api.ts';
import {
  CONTENT_KINDS,
  type ContentKind,
  type FaqInput,
  type GlossaryInput,
  type StaffFaq,
  type StaffGlossaryEntry,
} from '../../common/content.ts';
import type { Repositories } from '../db/repositories/index.ts';
import { KINDS } from './content-drafts.ts';

const PURPOSE = 'content-preview';
const VERSION = 'p1';
/** How long a preview link works. */
export const PREVIEW_TTL_SECONDS = 60 * 60;

export type PreviewCheck =
  { ok: true; kind: ContentKind; id: number; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/** The public page of each kind with one item's draft applied. */
export type PreviewPage =
  | { kind: 'faq'; faqs: FaqItem[]; title: string; expiresAt: string }
  | { kind: 'glossary'; rows: GlossaryEntry[]; title: string; expiresAt: string };

export function createPreviewLinks(tokenSecret: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'haulora-content-preview', PURPOSE, 32));
  const sign = (payload: string) => createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();
  return {
    sign(kind: ContentKind, id: number, ttlSeconds = PREVIEW_TTL_SECONDS): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + ttlSeconds;
      const payload = Buffer.from(JSON.stringify({ p: PURPOSE, k: kind, i: id, e: expires })).toString('base64url');
      return {
        token: `${VERSION}.${payload}.${sign(payload).toString('base64url')}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    verify(token: string): PreviewCheck {
      const match = /^p1\.([A-Za-z0-9_-]{1,256})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return { ok: false, reason: 'invalid' };
      const [, payload, signature] = match as unknown as [string, string, string];
      const given = Buffer.from(signature, 'base64url');
      // One spelling per signature (base64url's last character has spare bits).
      if (given.toString('base64url') !== signature) return { ok: false, reason: 'invalid' };
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let claims: { p?: unknown; k?: unknown; i?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const kind = CONTENT_KINDS.find((known) => known === claims.k);
      if (claims.p !== PURPOSE || !kind || !Number.isSafeInteger(claims.i) || typeof claims.e !== 'number')
        return { ok: false, reason: 'invalid' };
      if (claims.e * 1000 <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, kind, id: claims.i as number, expiresAt: new Date(claims.e * 1000) };
    },
  };
}
export type PreviewLinks = ReturnType<typeof createPreviewLinks>;

/** The page the link shows: what the site shows now, with this item as its draft would make it
 * (a never-published item joins the list; a hidden FAQ item shows, as publishing would not hide
 * it from its editor's eyes). Null when the item is gone (trashed or purged). */
export async function previewPage(
  repos: Repositories,
  check: Extract<PreviewCheck, { ok: true }>,
): Promise<PreviewPage | null> {
  const expiresAt = check.expiresAt.toISOString();
  if (check.kind === 'faq') {
    const items = await repos.content.listStaffFaqs();
    const target = items.find((item) => item.id === check.id);
    if (!target) return null;
    const draft = draftOf(target) as FaqInput;
    const faqs = items
      .filter((item) => item.id === check.id || (item.status === 'published' && !item.hidden))
      .map((item) => (item.id === check.id ? draft : item))
      .map(({ question, answer }) => ({ question, answer }));
    return { kind: 'faq', faqs, title: draft.question, expiresAt };
  }
  const entries = await repos.content.listStaffGlossary();
  const target = entries.find((entry) => entry.id === check.id);
  if (!target) return null;
  const draft = { id: target.id, ...(draftOf(target) as GlossaryInput) };
  const rows = entries
    .filter((entry) => entry.id === check.id || entry.status === 'published')
    .map((entry) => (entry.id === check.id ? draft : entry))
    .map(({ id, category, term, description }) => ({ id, category, term, description }))
    .sort((a, b) => a.category.localeCompare(b.category) || a.term.localeCompare(b.term));
  return { kind: 'glossary', rows, title: draft.term, expiresAt };
}

/** The item's text as its draft would make it. */
function draftOf(item: StaffFaq | StaffGlossaryEntry) {
  const kind = 'question' in item ? KINDS.faq : KINDS.glossary;
  return item.draft ? kind.parse(item.draft) : kind.fieldsOf(item);
}
