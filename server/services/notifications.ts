// The emails a submission causes (decision 010): the sales team's notification of each demo
// request and contact message, and the requester's confirmation. Composed here from the copy in
// content/emails.yaml and written to the outbox in the submission's own transaction; the outbox
// worker sends them later. Nothing a visitor typed can reach a header with a line break in it.
import { randomUUID } from 'node:crypto';
import { INQUIRY_TYPES, type InquiryType } from '../../common/constants.ts';
import { type InboxKind, KIND_SINGULAR } from '../../common/inbox-vocabulary.ts';
import type { EmailContent } from '../../content/emails.schema.ts';
import type { NewOutboxMessage, OutboxRepository } from '../db/repositories/outbox.ts';
import { DEFAULT_MAIL_CAPS, type MailCaps, withinMailCaps } from './mail-caps.ts';

export type MailSettings = {
  /** Where the sales notifications go. */
  salesEmail: string;
  /** Send the demo requester a confirmation. */
  demoConfirmation: boolean;
  /** The site's public origin, for the link to the staff inbox. */
  siteUrl: string;
  /** The brand, for the confirmation's subject and sign-off. */
  brand: string;
};

export type Consent = { version: string; at: string } | null;

export type DemoDetails = {
  id: number;
  name: string;
  jobTitle: string;
  company: string;
  /** '+', the calling code, a space and the digits. */
  number: string;
  email: string;
  text: string;
  consent: Consent;
  createdAt: string;
};

export type ContactDetails = {
  id: number;
  name: string;
  email: string;
  subject: string;
  inqType: number;
  message: string;
  imageType: string;
  imageSize: number;
  consent: Consent;
  createdAt: string;
};

// Everything that could end a header line or fold it (CR, LF, the C0 and C1 controls, DEL, and
// Unicode's line and paragraph separators), plus the zero-width and bidi controls that could
// disguise a subject.
const HEADER_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/** A value safe for one header line: control characters become spaces, runs of space collapse,
 * and it is cut to `max` characters (whole code points). */
export function headerText(value: string, max = 200): string {
  const flat = value.replace(HEADER_UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > max ? chars.slice(0, max - 1).join('').trimEnd() + '…' : flat;
}

/** Text for a body: line breaks kept (as LF), tabs kept, every other control character dropped. */
export function bodyText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, '');
}

/** Fills `{key}` placeholders; an unknown key stays as written, so a typo shows in review. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
}

/** A byte count as people read it: 820 bytes, 34 KB, 1.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A Message-ID in our own domain, made once per outbox row and reused on every attempt. */
export function newMessageId(domain: string): string {
  return `<${randomUUID()}@${domain}>`;
}

/** The domain of an address or of 'Name <address>', for Message-IDs. */
export function domainOf(address: string): string {
  const match = /@([^\s@<>]+)>?\s*$/.exec(address);
  return match?.[1]?.toLowerCase() ?? 'localhost';
}

type Line = [label: string, value: string];

/** The fields as 'Label: value' lines; a value spanning lines goes under its label. */
function fieldLines(lines: Line[]): string {
  return lines
    .map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`))
    .join('\n');
}

function consentLine(copy: EmailContent, consent: Consent): string {
  return consent ? fill(copy.consent.given, { version: consent.version, at: consent.at }) : copy.consent.notGiven;
}

function inboxUrl(settings: MailSettings, kind: string, id: number): string {
  return `${settings.siteUrl.replace(/\/+$/, '')}/inbox/${kind}/${id}`;
}

/** The sales notification of a demo request and, when configured, the requester's confirmation. */
export function composeDemoMessages(
  demo: DemoDetails,
  copy: EmailContent,
  settings: MailSettings,
  messageId: () => string,
): NewOutboxMessage[] {
  const labels = copy.labels;
  const fields: Line[] = [
    [labels.name, headerText(demo.name)],
    [labels.jobTitle, headerText(demo.jobTitle)],
    [labels.company, headerText(demo.company)],
    [labels.phone, headerText(demo.number)],
    [labels.email, demo.email],
    [labels.demoMessage, bodyText(demo.text)],
    [labels.marketingConsent, consentLine(copy, demo.consent)],
  ];
  const common = { submissionKind: 'demo-requests', submissionId: demo.id, createdAt: demo.createdAt } as const;
  const sales: NewOutboxMessage = {
    ...common,
    kind: 'sales-demo',
    recipient: settings.salesEmail,
    replyTo: demo.email,
    subject: headerText(fill(copy.salesDemo.subject, { name: headerText(demo.name), company: headerText(demo.company) })),
    bodyText: [
      copy.salesDemo.intro,
      fieldLines([...fields, [labels.receivedAt, demo.createdAt]]),
      `${copy.inboxLink}\n${inboxUrl(settings, 'demo-requests', demo.id)}`,
    ].join('\n\n') + '\n',
    messageId: messageId(),
  };
  if (!settings.demoConfirmation) return [sales];
  // The address was typed by whoever posted the form: the email carries none of their words
  // (issue 33, decision 031), only our fixed text. The booked time (issue 29) goes after the intro.
  const confirmation: NewOutboxMessage = {
    ...common,
    kind: 'demo-confirmation',
    recipient: demo.email,
    replyTo: settings.salesEmail,
    subject: headerText(fill(copy.demoConfirmation.subject, { brand: settings.brand })),
    bodyText: [
      copy.demoConfirmation.greeting,
      fill(copy.demoConfirmation.intro, { brand: settings.brand }),
      copy.demoConfirmation.outro,
      fill(copy.demoConfirmation.signOff, { brand: settings.brand }),
    ].join('\n\n') + '\n',
    messageId: messageId(),
  };
  return [sales, confirmation];
}

/** The sales notification of a contact message. The image is described, not attached: the
 * staff inbox serves it with its checked type, nosniff and a sandbox CSP, where a mail client
 * would not (decision 010). */
export function composeContactMessage(
  contact: ContactDetails,
  copy: EmailContent,
  settings: MailSettings,
  messageId: () => string,
): NewOutboxMessage {
  const labels = copy.labels;
  const inquiryType = INQUIRY_TYPES[contact.inqType as InquiryType] ?? String(contact.inqType);
  const image = `${contact.imageType}, ${formatSize(contact.imageSize)}`;
  return {
    kind: 'sales-contact',
    submissionKind: 'contact-messages',
    submissionId: contact.id,
    createdAt: contact.createdAt,
    recipient: settings.salesEmail,
    replyTo: contact.email,
    subject: headerText(
      fill(copy.salesContact.subject, { inquiryType, subject: headerText(contact.subject), name: headerText(contact.name) }),
    ),
    bodyText: [
      copy.salesContact.intro,
      fieldLines([
        [labels.name, headerText(contact.name)],
        [labels.email, contact.email],
        [labels.inquiryType, inquiryType],
        [labels.subject, headerText(contact.subject)],
        [labels.message, bodyText(contact.message)],
        [labels.image, image],
        [labels.marketingConsent, consentLine(copy, contact.consent)],
        [labels.receivedAt, contact.createdAt],
      ]),
      fill(copy.salesContact.imageNote, { type: contact.imageType, size: formatSize(contact.imageSize) }),
      `${copy.inboxLink}\n${inboxUrl(settings, 'contact-messages', contact.id)}`,
    ].join('\n\n') + '\n',
    messageId: messageId(),
  };
}

/** A submission given to a staff member by someone else (the inbox's owner change). */
export type OwnerAssignment = {
  kind: InboxKind;
  id: number;
  /** The submission's title as the inbox lists it (a name, 'Feedback #3', an address). */
  title: string;
  /** Who gave it. */
  by: string;
  /** The new owner's address. */
  recipient: string;
  at: string;
};

/** The new owner's email: what they were given, by whom, and the link to it. */
export function composeOwnerAssigned(assignment: OwnerAssignment, copy: EmailContent, settings: MailSettings, messageId: () => string): NewOutboxMessage {
  const what = `${KIND_SINGULAR[assignment.kind].toLowerCase()} #${assignment.id}`;
  const by = headerText(assignment.by, 64);
  return {
    kind: 'owner-assigned',
    submissionKind: assignment.kind,
    submissionId: assignment.id,
    createdAt: assignment.at,
    recipient: assignment.recipient,
    replyTo: null,
    subject: headerText(`${fill(copy.ownerAssigned.subject, { by, what })}: ${headerText(assignment.title, 80)}`),
    bodyText: [
      fill(copy.ownerAssigned.intro, { by }),
      `${headerText(KIND_SINGULAR[assignment.kind])} #${assignment.id}: ${headerText(assignment.title)}`,
      `${copy.inboxLink}\n${inboxUrl(settings, assignment.kind, assignment.id)}`,
    ].join('\n\n') + '\n',
    messageId: messageId(),
  };
}

/** Writes the emails for a stored submission into the outbox it is given: the outbox of the
 * submission's transaction. Not called for a honeypot submission. */
export function createNotificationService(deps: { copy: EmailContent; settings: MailSettings; messageId: () => string; caps?: MailCaps }) {
  const { copy, settings, messageId } = deps;
  return {
    async demoRequested(outbox: OutboxRepository, demo: DemoDetails): Promise<void> {
      for (const message of composeDemoMessages(demo, copy, settings, messageId)) {
        // Mail to a visitor-typed address is capped (mail-caps.ts); past a cap it is not written.
        if (await withinMailCaps(outbox, message, deps.caps ?? DEFAULT_MAIL_CAPS)) await outbox.add(message);
      }
    },
    async contactReceived(outbox: OutboxRepository, contact: ContactDetails): Promise<void> {
      await outbox.add(composeContactMessage(contact, copy, settings, messageId));
    },
    /** Into the outbox of the owner change's own transaction. */
    async ownerAssigned(outbox: OutboxRepository, assignment: OwnerAssignment): Promise<void> {
      await outbox.add(composeOwnerAssigned(assignment, copy, settings, messageId));
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
