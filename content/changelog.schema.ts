// Schema of content/changelog.yaml: the dated product changes (/changelog, /changelog.xml and the
// "updated on" line of each feature page), newest first.
import { z } from 'zod';
import { FEATURE_SLUGS } from './feature-slugs.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  page: z.strictObject({
    eyebrow: text(40),
    title: text(60),
    lede: text(400),
    description: text(160),
    feedLabel: text(60),
  }),
  entries: z
    .array(
      z.strictObject({
        /** A stable id for the feed entry and the anchor: '2026-11-pod-photos'. */
        id: z.string().regex(/^[a-z0-9-]+$/),
        /** The release day, YYYY-MM-DD. */
        date: z.iso.date(),
        title: text(100),
        /** What changed and why it matters, a paragraph or two. */
        body: z.array(text(600)).min(1),
        /** The feature pages the change concerns; the first is the main one. */
        features: z.array(z.enum(FEATURE_SLUGS)).min(1),
        kind: z.enum(['New', 'Improved', 'Fixed']),
      }),
    )
    .min(1)
    .refine(
      (entries) => entries.every((entry, index) => index === 0 || entries[index - 1]!.date >= entry.date),
      'newest first',
    )
    .refine((entries) => new Set(entries.map((entry) => entry.id)).size === entries.length, 'ids are unique'),
});
export type ChangelogContent = z.infer<typeof schema>;
export type ChangelogEntry = ChangelogContent['entries'][number];
