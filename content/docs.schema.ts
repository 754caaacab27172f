// Schema of content/docs.yaml: the copy of the manual's references (/docs). The Vite content
// plugin validates the YAML against `schema` at build (docs/decisions/007-content-as-yaml.md).
// The tutorial list lives in content/tutorials.yaml.
import { z } from 'zod';

/** The lucide-react icons a button reference may show; app/components/sections/docs-icons.ts maps each. */
export const DOCS_BUTTON_ICONS = [
  'Eye',
  'SquarePen',
  'Trash',
  'Printer',
  'FileDown',
  'UserPlus',
  'Send',
  'Copy',
  'Download',
  'Upload',
  'FileUp',
  'Funnel',
  'Columns3',
  'Sigma',
  'Search',
  'RefreshCw',
  'Plus',
  'Save',
  'X',
  'MapPin',
  'MessageSquare',
  'CircleCheck',
  'Ban',
  'Paperclip',
  'Ellipsis',
] as const;
export type DocsButtonIcon = (typeof DOCS_BUTTON_ICONS)[number];

/** The colours the TMS gives job statuses (spec 4); each maps to a --status-* token. */
export const STATUS_COLOURS = ['grey', 'yellow', 'light-blue', 'green', 'red'] as const;
export type StatusColour = (typeof STATUS_COLOURS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

/** The heading and opening paragraph every reference starts with. */
const reference = {
  /** The reference's name, as the list on the left shows it and its h2. */
  title: text(60),
  /** One or two sentences on what the reference covers. */
  intro: text(600),
};

export const schema = z.strictObject({
  glossary: z.strictObject({
    ...reference,
    /** The text of the link to the full glossary page. */
    linkLabel: text(80),
  }),
  colourCoding: z.strictObject({
    ...reference,
    jobStatuses: z
      .array(
        z.strictObject({
          /** The status exactly as the TMS writes it, e.g. PENDING or Dispatched. */
          status: text(30),
          /** What the status means for the job. */
          meaning: text(300),
          /** The colour the TMS shows it in. */
          colour: z.enum(STATUS_COLOURS),
        }),
      )
      .length(5),
    creditNotes: z.strictObject({
      /** The sub-heading over the credit note states. */
      heading: text(60),
      /** One sentence introducing the states. */
      intro: text(400),
      states: z
        .array(
          z.strictObject({
            /** The state's name: draft, approved or voided. */
            state: text(30),
            /** What the state means. */
            meaning: text(300),
          }),
        )
        .min(1),
    }),
  }),
  buttons: z.strictObject({
    ...reference,
    items: z
      .array(
        z.strictObject({
          /** The lucide icon the TMS draws on the button. */
          icon: z.enum(DOCS_BUTTON_ICONS),
          /** The button's name, as its tooltip shows it. */
          name: text(40),
          /** What pressing it does, and where it appears. */
          description: text(400),
        }),
      )
      .min(1),
  }),
  tutorials: z.strictObject(reference),
  apiErrors: z.strictObject({
    ...reference,
    items: z
      .array(
        z.strictObject({
          /** The HTTP status code. */
          code: z.number().int().min(400).max(599),
          /** The name the manual gives the response, e.g. 'Unauthorize'. */
          name: text(40),
          /** What the response means (spec 8). */
          explanation: text(300),
          /** What the caller should do about it. */
          remedy: text(300),
        }),
      )
      .min(1),
  }),
});
export type DocsContent = z.infer<typeof schema>;
