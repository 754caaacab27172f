// Schemas for the files in content/. A missing or misspelled field fails the load with a
// message naming the file and the field.
import { z } from 'zod';

export const faqFileSchema = z
  .array(
    z.strictObject({
      /** The question as a visitor would ask it. */
      question: z.string().trim().min(1).max(300),
      /** A plain-text answer of a few sentences. */
      answer: z.string().trim().min(1).max(2000),
    }),
  )
  .min(1);

export const glossaryFileSchema = z
  .array(
    z.strictObject({
      /** The group the term belongs to, like Fleet or Compliance. */
      category: z.string().trim().min(1).max(60),
      /** The term itself. */
      term: z.string().trim().min(1).max(120),
      /** One or two sentences defining it. */
      description: z.string().trim().min(1).max(1000),
    }),
  )
  .min(1);

export const siteFileSchema = z.strictObject({
  /** The product's name as the pages show it. */
  brand: z.string().min(1),
  /** One line saying what the product is. */
  tagline: z.string().min(1),
  contact: z.strictObject({
    email: z.email(),
    phone: z.string().min(1),
    address: z.string().min(1),
    /** When the team answers. */
    hours: z.string().min(1),
  }),
  /** Where the office is, for the map on the contact section. */
  map: z.strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  socials: z.array(z.strictObject({ name: z.string().min(1), url: z.url() })),
  links: z.strictObject({
    /** External developer documentation, opened from the API Integration section. */
    developerDocs: z.url(),
    /** The API reference, linked from the Help feature page. */
    apiReference: z.url(),
    /** The accreditation link in the Resources menu. */
    accreditation: z.url(),
    /** The channel the video tutorials live on. */
    tutorialsChannel: z.url(),
  }),
});
export type SiteSettings = z.infer<typeof siteFileSchema>;
