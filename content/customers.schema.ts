// Schema of content/customers.yaml: the customer stories (/customers, /customers/<slug>) and the
// proof row on home. Operators and people are fictional; every figure is the operator's own
// before/after measure, stated with its unit.
import { z } from 'zod';
import { FEATURE_SLUGS } from './feature-slugs.ts';
import { imageRef } from './image-ref.schema.ts';
import { CUSTOMER_SLUGS, sameSlugs } from './proof-slugs.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase slug with dashes');

export const schema = z.strictObject({
  page: z.strictObject({
    eyebrow: text(40),
    title: text(60),
    lede: text(400),
    /** The meta description. */
    description: text(160),
    /** The heading of the proof row on home. */
    proofHeading: text(80),
    /** The link under the proof row. */
    proofLink: text(40),
    /** The heading above the stories on a feature page that they concern. */
    relatedHeading: text(80),
    /** The closing call to action of the list and of each story. */
    ctaHeading: text(80),
    ctaText: text(300),
  }),
  stories: z
    .array(
      z.strictObject({
        /** The path under /customers/. */
        slug,
        /** The operator's trading name. */
        operator: text(60),
        /** Two or three letters for the operator's mark in the proof row. */
        initials: z.string().regex(/^[A-Z]{2,3}$/),
        /** What they do, in a few words: 'Refrigerated linehaul'. */
        segment: text(60),
        /** '64 prime movers, 90 trailers'. */
        fleetSize: text(80),
        /** Where they run: 'Brisbane to Melbourne, QLD–NSW–VIC'. */
        region: text(80),
        /** The story's title: the outcome in one line. */
        headline: text(120),
        /** One or two sentences for the list and the feature pages. */
        summary: text(300),
        /** The Haulora modules they use (feature slugs), linked to their pages. */
        modules: z.array(z.enum(FEATURE_SLUGS)).min(1),
        /** The figure the proof row shows. */
        highlight: z.strictObject({ value: text(16), label: text(60) }),
        /** What was wrong before Haulora, a paragraph each. */
        problem: z.array(text(700)).min(1),
        /** What changed, a paragraph each. */
        changed: z.array(text(700)).min(1),
        /** Before and after, each with its unit. */
        figures: z.array(z.strictObject({ measure: text(80), before: text(40), after: text(40) })).min(2),
        quote: z.strictObject({ text: text(400), name: text(60), role: text(80) }),
        /** The operator's logo, uploaded in the Content area (else the initials stand in). */
        logo: imageRef.optional(),
        /** A photo of their operation, uploaded in the Content area, shown on the story. */
        photo: imageRef.optional(),
      }),
    )
    .min(1)
    .refine(
      (stories) => sameSlugs(stories, CUSTOMER_SLUGS),
      'the story slugs are those of CUSTOMER_SLUGS in proof-slugs.ts, each once',
    ),
});
export type CustomersContent = z.infer<typeof schema>;
export type CustomerStory = CustomersContent['stories'][number];
