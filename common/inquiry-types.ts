// The contact form's inquiry types (spec 3): the one list of them, read by the form's select (so
// this module imports nothing: the home page's script carries it), the contact schema, the inbox
// and the sales email. A new type is one line here; the database keeps no copy of the list
// (decision 040).

/** Contact inquiry types, keyed by the value the form sends and the row stores. */
export const INQUIRY_TYPES = {
  1: 'Technical Support',
  2: 'Pricing',
  3: 'Other inquiry',
} as const satisfies Record<number, string>;
export type InquiryType = keyof typeof INQUIRY_TYPES;
/** An inquiry type as a form posts it: its key as text. */
export type InquiryTypeValue = `${InquiryType}`;

/** An inquiry type's label; an unknown stored value (one retired since) shows as its number. */
export const inquiryTypeLabel = (value: unknown) => INQUIRY_TYPES[Number(value) as InquiryType] ?? String(value);
