// Schema of content/privacy.yaml: the privacy notice (/privacy), and the two lines the demo and
// contact forms show from it: the product-news checkbox's label and the storage notice.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  page: z.strictObject({
    /** The small line above the title. */
    eyebrow: text(40),
    /** The page's h1. */
    title: text(60),
    /** The paragraph under the title. */
    lede: text(400),
    /** The meta description. */
    description: text(160),
    /** When the notice last changed, YYYY-MM-DD. */
    updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  /** What the demo and contact forms show beside their fields. */
  forms: z.strictObject({
    /** The optional product-news checkbox's label. Changing it needs a new MARKETING_CONSENT_VERSION (common/constants.ts). */
    consentLabel: text(120),
    /** The one-line storage notice before the link to this page. */
    storageNotice: text(160),
    /** The text of the link to this page after the notice. */
    noticeLink: text(40),
  }),
  /** What each form keeps, and why. */
  stored: z.strictObject({
    /** The heading of the section. */
    heading: text(80),
    /** The sentence under it. */
    intro: text(400),
    forms: z
      .array(
        z.strictObject({
          /** The form's name, as visitors see it. */
          name: text(60),
          /** What it keeps, one line each. */
          fields: z.array(text(200)).min(1),
          /** Why it keeps them. */
          purpose: text(400),
        }),
      )
      .min(1),
  }),
  /** The other sections, in order: emails, retention, product news, security... */
  sections: z
    .array(
      z.strictObject({
        /** The section's heading. */
        heading: text(80),
        /** Its paragraphs. */
        paragraphs: z.array(text(800)).min(1),
        /** An optional list after the paragraphs. */
        items: z.array(text(300)).optional(),
      }),
    )
    .min(1),
  /** How to ask for a copy or deletion: the contact email from the site settings follows. */
  requests: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** Paragraphs before the address. */
    paragraphs: z.array(text(800)).min(1),
    /** The words before the email address, e.g. 'Write to'. */
    emailLead: text(80),
    /** A sentence after the address. */
    after: text(400),
  }),
});
export type PrivacyContent = z.infer<typeof schema>;
