// Schema of content/security.yaml: /security. Each topic states what the software does and cites
// the mechanism (the module, setting or command behind the claim), so a reader can check it.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  page: z.strictObject({
    eyebrow: text(40),
    title: text(60),
    lede: text(500),
    description: text(160),
    contentsLabel: text(40),
    mechanismLabel: text(40),
  }),
  topics: z
    .array(
      z.strictObject({
        /** The anchor: #backups. */
        id: z.string().regex(/^[a-z-]+$/),
        heading: text(80),
        /** Plain statements, one paragraph each. */
        paragraphs: z.array(text(800)).min(1),
        /** Facts in short lines (e.g. 'Recovery point: up to 24 hours'). */
        facts: z.array(z.strictObject({ label: text(60), value: text(200) })).default([]),
        /** Where it is done: the mechanism behind the claims. */
        mechanism: text(400),
      }),
    )
    .min(1),
  /** The incident contact; the address itself comes from content/site.yaml. */
  contact: z.strictObject({ heading: text(80), text: text(500), subject: text(80) }),
});
export type SecurityContent = z.infer<typeof schema>;
