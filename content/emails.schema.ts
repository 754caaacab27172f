// Schema of content/emails.yaml: the copy of the notification emails (decision 010). The server
// reads it at start (server/content.ts); placeholders in braces are filled per message.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  salesDemo: z.strictObject({
    /** Subject of the sales team's copy of a demo request; {name} and {company} are filled in. */
    subject: text(120),
    /** The opening paragraph above the fields. */
    intro: text(400),
  }),
  salesContact: z.strictObject({
    /** Subject of the sales team's copy of a contact message; {inquiryType}, {subject} and {name}. */
    subject: text(120),
    /** The opening paragraph above the fields. */
    intro: text(400),
    /** The line about the attached image, which is not attached; {type} and {size} are filled in. */
    imageNote: text(300),
  }),
  demoConfirmation: z.strictObject({
    /** Subject of the confirmation a demo requester receives; {brand}. */
    subject: text(120),
    /** The greeting line: fixed, never the visitor's name (decision 031). */
    greeting: text(80),
    /** What happens next; {brand}. Nothing the visitor typed. */
    intro: text(400),
    /** The paragraph under the fields. */
    outro: text(400),
    /** The closing line; {brand}. */
    signOff: text(80),
  }),
  /** A booked demo's email to the visitor, with the invite (issue 29): none of their words. */
  bookingInvite: z.strictObject({
    /** {brand}, {when}. */
    subject: text(120),
    /** {brand}, {when}, {zone}, {minutes}. */
    intro: text(400),
    /** The invite's SUMMARY; {brand}. */
    summary: text(80),
    /** The invite's DESCRIPTION; {brand}. */
    description: text(400),
    /** The line with the visitor's personal link; {link}. */
    manage: text(200),
  }),
  /** A booked demo moved or cancelled: the visitor's ({brand}, {when}, {zone}, {minutes}) and the
   * owner's ({name}, {company}, {when}, {zone}, {visitorWhen}, {visitorZone}) subjects and intros. */
  bookingChange: z.strictObject({
    movedSubject: text(120),
    movedIntro: text(400),
    cancelledSubject: text(120),
    cancelledIntro: text(400),
    staffMovedSubject: text(120),
    staffMovedIntro: text(400),
    staffCancelledSubject: text(120),
    staffCancelledIntro: text(400),
  }),
  /** The meeting: the owner's video room ({link}), or a phone call. */
  meeting: z.strictObject({ video: text(200), phone: text(200) }),
  /** A booked demo's email to its owner, with the invite. */
  bookingInviteStaff: z.strictObject({
    /** {name}, {company}, {when}. */
    subject: text(120),
    /** {when}, {zone}, {visitorWhen}, {visitorZone}. */
    intro: text(400),
    /** The invite's SUMMARY; {name}, {company}. */
    summary: text(120),
    /** Why the routing chose them; {reason}. */
    reason: text(200),
  }),
  /** The visitor's reminder: {brand}, {soon}, {when}, {zone}. */
  bookingReminder: z.strictObject({ subject: text(120), intro: text(400) }),
  /** The owner's reminder: {name}, {company}, {soon}, {when}, {zone}. */
  bookingReminderStaff: z.strictObject({ subject: text(120), intro: text(400) }),
  /** How soon a reminder's meeting is. */
  soon: z.strictObject({ day: text(40), hour: text(40) }),
  ownerAssigned: z.strictObject({
    /** Subject of the email a staff member gets when someone else gives them a submission; {by} and {what}. */
    subject: text(120),
    /** The opening paragraph; {by}. */
    intro: text(400),
  }),
  /** A staff member's account saw a burst of failed sign-ins (issue 33): {username}, {failures},
   * {minutes}, {brand}. */
  signInAlert: z.strictObject({ subject: text(120), intro: text(600), advice: text(600) }),
  /** The line under a sales email with the link to the submission in the staff inbox. */
  inboxLink: text(200),
  /** The label of each field, as the emails list them. */
  labels: z.strictObject({
    /** The person's name. */
    name: text(40),
    /** Their job title. */
    jobTitle: text(40),
    /** Their company. */
    company: text(40),
    /** The phone number with its calling code. */
    phone: text(40),
    /** The email address. */
    email: text(40),
    /** What they would like to see in the demo. */
    demoMessage: text(60),
    /** The contact message's subject. */
    subject: text(40),
    /** The contact inquiry type. */
    inquiryType: text(40),
    /** The contact message's text. */
    message: text(40),
    /** The contact image's type and size. */
    image: text(40),
    /** Whether they ticked product news. */
    marketingConsent: text(40),
    /** When the submission arrived. */
    receivedAt: text(40),
    /** A demo request's booked time, with its owner (issue 29). */
    booking: text(40),
  }),
  /** The sales email's paragraph on where the lead came from (issue 30): its heading and labels. */
  source: z.strictObject({
    /** The paragraph's first line. */
    heading: text(80),
    /** Said when the form sent no attribution (an API client, or storage switched off). */
    notRecorded: text(200),
    /** The source's name when there was no campaign tag, click id or referrer. */
    direct: text(80),
    /** The labels of the lines: source, UTM medium, campaign, term and content. */
    source: text(40),
    medium: text(40),
    campaign: text(40),
    term: text(40),
    content: text(40),
    /** The tab's first page, the referrer's host, the ad click id, the form's own page. */
    landingPage: text(40),
    referrer: text(40),
    clickId: text(40),
    formPage: text(40),
  }),
  /** The product-news answer: given ({version}, {at}) or not. */
  consent: z.strictObject({
    /** Ticked; {version} and {at} are filled in. */
    given: text(120),
    /** Not ticked. */
    notGiven: text(60),
  }),
});
export type EmailContent = z.infer<typeof schema>;
