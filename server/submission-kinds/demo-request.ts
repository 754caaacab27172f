// The demo request (spec 3 and 5): what the visitor sends, where it is stored, how staff read it,
// and the two emails it sends (the sales notification and the requester's confirmation).
import { demoRequestSchema } from '../../common/demo-schema.ts';
import { MESSAGES } from '../../common/messages.ts';
import { countryLabel, countryName, e164, regionOf } from './phone-display.ts';
import { bodyText, consentLine, fieldLines, fill, headerText, inboxUrl, type Line } from '../services/notifications.ts';
import { sourceParagraph } from './attribution.ts';
import { textOf, previewOf } from './text.ts';
import { formatSlot } from '../../common/booking-time.ts';
import { composeBookingEmails } from '../services/booking/invites.ts';
import { describeKind } from './types.ts';

export const demoRequest = describeKind({
  kind: 'demo-requests',
  metric: 'demo_request',
  schema: demoRequestSchema,
  table: 'demo_requests',
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'job_title', label: 'Job title' },
    { name: 'company', label: 'Company' },
    {
      name: 'country',
      label: 'Country',
      searchable: false,
      show: (code) => (code === null ? '' : countryLabel(String(code))),
      exportAs: {
        headers: ['Country', 'Calling code'],
        cells: (code) => (code ? [countryName(String(code)), `+${code}`] : ['', '']),
      },
    },
    {
      name: 'number',
      label: 'Phone number',
      exportAs: {
        headers: ['Phone number', 'Phone (E.164)'],
        cells: (number, row) =>
          number === null
            ? ['', '']
            : [String(number), e164(String(number), row.country == null ? null : String(row.country))],
      },
    },
    { name: 'email', label: 'Email' },
    { name: 'text', label: 'Message' },
  ],
  image: false,
  consent: true,
  thanks: MESSAGES.demoThanks,
  bookable: { country: (values) => regionOf(values.number) },
  headline: ({ values }) => ({
    title: textOf(values, 'name'),
    subtitle: [textOf(values, 'job_title'), textOf(values, 'company')].filter(Boolean).join(', '),
    preview: previewOf(values, 'text'),
  }),
  emails({ id, values: demo, consent, createdAt, booking, attribution }, { copy, settings, messageId }) {
    const labels = copy.labels;
    const fields: Line[] = [
      [labels.name, headerText(demo.name)],
      [labels.jobTitle, headerText(demo.job_title)],
      [labels.company, headerText(demo.company)],
      [labels.phone, headerText(demo.number)],
      [labels.email, demo.email],
      [labels.demoMessage, bodyText(demo.text)],
      [labels.marketingConsent, consentLine(copy, consent)],
      ...(booking
        ? [
            [
              labels.booking,
              `${formatSlot(booking.start, booking.ownerTimeZone)} (${booking.ownerTimeZone}) with ${booking.owner}`,
            ] satisfies Line,
          ]
        : []),
    ];
    const about = { submissionKind: 'demo-requests', submissionId: id, createdAt } as const;
    const sales = {
      ...about,
      kind: 'sales-demo' as const,
      recipient: settings.salesEmail,
      replyTo: demo.email,
      subject: headerText(
        fill(copy.salesDemo.subject, { name: headerText(demo.name), company: headerText(demo.company) }),
      ),
      bodyText:
        [
          copy.salesDemo.intro,
          fieldLines([...fields, [labels.receivedAt, createdAt]]),
          sourceParagraph(copy, attribution),
          `${copy.inboxLink}\n${inboxUrl(settings, 'demo-requests', id)}`,
        ].join('\n\n') + '\n',
      messageId: messageId(),
    };
    // A booked time (issue 29): the visitor's invite stands for the confirmation (it is what they
    // need, whatever DEMO_CONFIRMATION_EMAIL says), the owner gets theirs, and the reminders wait.
    if (booking) {
      const request = { id, name: demo.name, company: demo.company, email: demo.email, createdAt };
      return [sales, ...composeBookingEmails(booking, request, { copy, settings, messageId })];
    }
    if (!settings.demoConfirmation) return [sales];
    const confirmation = {
      ...about,
      kind: 'demo-confirmation' as const,
      recipient: demo.email,
      replyTo: settings.salesEmail,
      subject: headerText(fill(copy.demoConfirmation.subject, { brand: settings.brand })),
      // The address was typed by whoever posted the form: the email carries none of their words
      // (issue 33, decision 031), only our fixed text. The booked time (issue 29) goes after the intro.
      bodyText:
        [
          copy.demoConfirmation.greeting,
          fill(copy.demoConfirmation.intro, { brand: settings.brand }),
          copy.demoConfirmation.outro,
          fill(copy.demoConfirmation.signOff, { brand: settings.brand }),
        ].join('\n\n') + '\n',
      messageId: messageId(),
    };
    return [sales, confirmation];
  },
});
