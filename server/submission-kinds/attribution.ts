// A submission's attribution (issue 30, decision 051), the same for every kind: the intake parses
// it with the one schema (common/attribution.ts) beside the kind's own, the row stores it as three
// columns (migration 014: the JSON text, and the source and campaign the inbox filters by), and
// the inbox, the exports and the sales emails read it from here. A kind declares nothing for it.
import type { z } from 'zod';
import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_LABELS,
  attributionSchema,
  type Attribution,
  CLICK_ID_PARAMS,
  referrerHost,
} from '../../common/attribution.ts';
import type { EmailContent } from '../../content/emails.schema.ts';
import { DIRECT, landingOf } from '../services/analytics/visitor.ts';
import { fieldLines, headerText } from '../services/notifications.ts';

export type { Attribution };

/** The body a form's API call accepts: the kind's schema with the optional `attribution`. */
export const withAttribution = <S extends z.ZodObject>(schema: S) =>
  schema.safeExtend({ attribution: attributionSchema.optional() });

/** The attribution of a raw request body, or undefined: never a refusal. */
export const attributionOf = (raw: unknown): Attribution | undefined =>
  raw && typeof raw === 'object' ? attributionSchema.parse((raw as { attribution?: unknown }).attribution) : undefined;

/** Where the visit came from, named as the analytics dashboard names it (utm_source, else the click
 * id's network, else the referrer's host, else 'Direct / None'), so the two can be joined. */
export function sourceOf(attribution: Attribution): string {
  const params = new URLSearchParams();
  for (const name of ['utm_source', ...CLICK_ID_PARAMS] as const) {
    const value = attribution[name];
    if (value) params.set(name, value);
  }
  // The browser keeps only another site's address as the referrer; no host of ours is excluded here.
  return landingOf(`/?${params}`, attribution.referrer, '').source;
}

/** The columns migration 014 adds to every submission table. */
export type AttributionColumns = {
  attribution: string | null;
  source: string | null;
  campaign: string | null;
  /** The landing page without its query string, as the dashboard's entry pages (migration 017). */
  landing_page: string | null;
};

export function attributionColumns(attribution: Attribution | undefined): AttributionColumns {
  if (!attribution) return { attribution: null, source: null, campaign: null, landing_page: null };
  return {
    attribution: JSON.stringify(attribution),
    source: sourceOf(attribution),
    campaign: attribution.utm_campaign ?? null,
    landing_page: attribution.landing_page?.split('?', 1)[0] ?? null,
  };
}

/** A stored column read back: only the listed keys, only text (a row edited by hand stays safe). */
export function storedAttribution(text: unknown): Attribution | null {
  if (typeof text !== 'string' || !text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const kept = ATTRIBUTION_FIELDS.flatMap((name) =>
      typeof value[name] === 'string' ? [[name, value[name]] as const] : [],
    );
    return kept.length ? (Object.fromEntries(kept) as Attribution) : null;
  } catch {
    return null;
  }
}

/** The export's headers: Source, then every key. */
export const ATTRIBUTION_EXPORT_HEADERS = ['Source', ...ATTRIBUTION_FIELDS.map((name) => ATTRIBUTION_LABELS[name])];

export function attributionCells(attribution: Attribution | null, source: string | null): string[] {
  return [source ?? '', ...ATTRIBUTION_FIELDS.map((name) => attribution?.[name] ?? '')];
}

/** The sales email's paragraph: where the lead came from, each value on one safe line. */
export function sourceParagraph(copy: EmailContent, attribution: Attribution | undefined): string {
  const words = copy.source;
  if (!attribution) return `${words.heading}\n${words.notRecorded}`;
  const clickId = CLICK_ID_PARAMS.find((name) => attribution[name]);
  const lines: [string, string | undefined][] = [
    [words.source, sourceOf(attribution) === DIRECT ? words.direct : sourceOf(attribution)],
    [words.medium, attribution.utm_medium],
    [words.campaign, attribution.utm_campaign],
    [words.term, attribution.utm_term],
    [words.content, attribution.utm_content],
    [words.landingPage, attribution.landing_page],
    [words.referrer, attribution.referrer && referrerHost(attribution.referrer)],
    [words.clickId, clickId && `${clickId}=${attribution[clickId]}`],
    [words.formPage, attribution.page],
  ];
  const shown = lines.flatMap(([label, value]) => (value ? [[label, headerText(value)] as [string, string]] : []));
  return `${words.heading}\n${fieldLines(shown)}`;
}
