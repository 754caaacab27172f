// The contact message (spec 3 and 5): its fields and image, how staff read it, and the sales
// notification it sends. The image is described in the email, not attached: the staff inbox serves
// it with its checked type, nosniff and a sandbox CSP, where a mail client would not (decision 010).
import { contactSchema } from '../../common/contact-schema.ts';
import { formatSize } from '../../common/format-size.ts';
import { inquiryTypeLabel } from '../../common/inquiry-types.ts';
import { MESSAGES } from '../../common/messages.ts';
import { bodyText, consentLine, fieldLines, fill, headerText, inboxUrl } from '../services/notifications.ts';
import { sourceParagraph } from './attribution.ts';
import { previewOf, textOf } from './text.ts';
import { describeKind } from './types.ts';

export const contactMessage = describeKind({
  kind: 'contact-messages',
  metric: 'contact_message',
  schema: contactSchema,
  table: 'contact_messages',
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'email', label: 'Email' },
    { name: 'subject', label: 'Subject' },
    {
      name: 'inq_type',
      label: 'Inquiry type',
      searchable: false,
      show: (value) => (value === null ? '' : inquiryTypeLabel(value)),
    },
    { name: 'message', label: 'Message' },
  ],
  image: true,
  consent: true,
  thanks: MESSAGES.contactThanks,
  headline: ({ values }) => ({
    title: textOf(values, 'name'),
    subtitle: textOf(values, 'subject'),
    preview: previewOf(values, 'message'),
  }),
  emails({ id, values: contact, consent, createdAt, image, attribution }, { copy, settings, messageId }) {
    const labels = copy.labels;
    const inquiryType = inquiryTypeLabel(contact.inq_type);
    const size = formatSize(image?.size ?? 0);
    const type = image?.type ?? '';
    return [
      {
        kind: 'sales-contact',
        submissionKind: 'contact-messages',
        submissionId: id,
        createdAt,
        recipient: settings.salesEmail,
        replyTo: contact.email,
        subject: headerText(
          fill(copy.salesContact.subject, {
            inquiryType,
            subject: headerText(contact.subject),
            name: headerText(contact.name),
          }),
        ),
        bodyText:
          [
            copy.salesContact.intro,
            fieldLines([
              [labels.name, headerText(contact.name)],
              [labels.email, contact.email],
              [labels.inquiryType, inquiryType],
              [labels.subject, headerText(contact.subject)],
              [labels.message, bodyText(contact.message)],
              [labels.image, `${type}, ${size}`],
              [labels.marketingConsent, consentLine(copy, consent)],
              [labels.receivedAt, createdAt],
            ]),
            fill(copy.salesContact.imageNote, { type, size }),
            sourceParagraph(copy, attribution),
            `${copy.inboxLink}\n${inboxUrl(settings, 'contact-messages', id)}`,
          ].join('\n\n') + '\n',
        messageId: messageId(),
      },
    ];
  },
});
