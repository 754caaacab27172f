// Schema of content/integrations.yaml: the integrations (/integrations, /integrations/<slug>),
// grouped by category. Vendors are invented names, not partners: the page says what each
// connector moves, which way, how often, what setup needs, and the Haulora API calls behind it.
import { z } from 'zod';
import { FEATURE_SLUGS } from './feature-slugs.ts';
import { imageRef } from './image-ref.schema.ts';
import { INTEGRATION_SLUGS, sameSlugs } from './proof-slugs.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase slug with dashes');

export const DIRECTIONS = ['into Haulora', 'out of Haulora', 'both ways'] as const;

export const schema = z
  .strictObject({
    page: z.strictObject({
      eyebrow: text(40),
      title: text(60),
      lede: text(400),
      description: text(160),
      /** The label of the 'every category' filter. */
      allLabel: text(40),
      /** The request-an-integration section. */
      requestHeading: text(80),
      requestText: text(400),
    }),
    categories: z.array(z.strictObject({ id: slug, name: text(40), description: text(300) })).min(1),
    integrations: z
      .array(
        z.strictObject({
          slug,
          /** The connector's name as shown: 'Fleetwise Telematics'. */
          name: text(60),
          /** A category id. */
          category: slug,
          summary: text(300),
          /** What moves across, one line each. */
          syncs: z.array(text(200)).min(1),
          direction: z.enum(DIRECTIONS),
          /** How often: 'Every 60 seconds while a vehicle is moving'. */
          frequency: text(120),
          /** What setup needs, one step each. */
          setup: z.array(text(240)).min(1),
          /** The Haulora API calls the connector makes. */
          apiCalls: z
            .array(
              z.strictObject({
                method: z.enum(['GET', 'POST', 'PUT', 'PATCH']),
                path: z.string().regex(/^\/v1\/[a-z0-9/{}_-]+$/),
                purpose: text(160),
              }),
            )
            .min(1),
          /** The feature pages it feeds. */
          modules: z.array(z.enum(FEATURE_SLUGS)).min(1),
          /** The system's logo, uploaded in the Content area. */
          logo: imageRef.optional(),
        }),
      )
      .min(1),
  })
  .superRefine((content, context) => {
    if (!sameSlugs(content.integrations, INTEGRATION_SLUGS))
      context.addIssue({
        code: 'custom',
        path: ['integrations'],
        message: 'the slugs are those of INTEGRATION_SLUGS in proof-slugs.ts, each once',
      });
    const ids = new Set(content.categories.map((category) => category.id));
    const slugs = new Set<string>();
    content.integrations.forEach((integration, index) => {
      if (!ids.has(integration.category))
        context.addIssue({
          code: 'custom',
          path: ['integrations', index, 'category'],
          message: `no category '${integration.category}'`,
        });
      if (slugs.has(integration.slug))
        context.addIssue({ code: 'custom', path: ['integrations', index, 'slug'], message: 'slugs are unique' });
      slugs.add(integration.slug);
    });
  });
export type IntegrationsContent = z.infer<typeof schema>;
export type Integration = IntegrationsContent['integrations'][number];
