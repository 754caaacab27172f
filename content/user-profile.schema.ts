// Schema of content/user-profile.yaml: the signed-in staff member's profile page (/user-profile).
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  page: z.strictObject({
    /** The small line above the title. */
    eyebrow: text(40),
    /** The page's h1. */
    title: text(60),
    /** The meta description. */
    description: text(160),
  }),
  /** Shown when there is no sign-in in this tab, and without JavaScript. */
  signedOut: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** Why to sign in. */
    text: text(300),
    /** The label of the link to /sign-in. */
    label: text(40),
  }),
  /** Shown when the stored sign-in is no longer valid. */
  expired: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** What to do. */
    text: text(300),
  }),
  /** Shown while the sign-in is being checked. */
  checking: text(120),
  /** Shown once the server has confirmed the sign-in. */
  signedIn: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** The label of the username. */
    usernameLabel: text(40),
    /** The label of the session's expiry time. */
    expiryLabel: text(40),
    /** A note under the details. */
    text: text(300),
  }),
});
export type UserProfileContent = z.infer<typeof schema>;
