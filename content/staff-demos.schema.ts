// Schema of content/staff-demos.yaml: the words of a staff member's demo pages (issue 29).
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  /** The pages' notice when nobody is signed in, and its link. */
  signedOut: text(160),
  signIn: text(40),
  /** /inbox/my-demos: {zone} is the staff member's zone. */
  myDemos: z.strictObject({
    title: text(60),
    eyebrow: text(40),
    intro: text(200),
    today: text(40),
    thisWeek: text(40),
    nextWeek: text(40),
    none: text(80),
    visitorTime: text(40),
    open: text(40),
    manage: text(40),
    feedHeading: text(60),
    feedNote: text(400),
    feedLabel: text(60),
    renewButton: text(40),
    renewed: text(160),
  }),
  /** /inbox/demo-requests/:id/meeting: {when}, {zone} and {owner} are filled in. */
  meeting: z.strictObject({
    title: text(60),
    eyebrow: text(40),
    back: text(60),
    bookedFor: text(120),
    visitorTime: text(120),
    cancelledNote: text(120),
    moveHeading: text(80),
    moveNote: text(200),
    moveButton: text(40),
    noTimes: text(160),
    cancelHeading: text(60),
    cancelNote: text(200),
    cancelButton: text(40),
    moved: text(160),
    cancelled: text(160),
    noBooking: text(120),
  }),
});
export type StaffDemosCopy = z.infer<typeof schema>;
