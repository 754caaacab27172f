// What the one item editor (item-page.tsx, item-editing.server.ts) needs to know about each kind
// of Content item: its fields, how its stored item fills the form, its page's words, its preview.
import type { ContentKind, StaffFaq, StaffGlossaryEntry } from '../../common/content.ts';
import { FAQ_FIELDS, GLOSSARY_FIELDS } from '../components/sections/content/content-fields.ts';
import type { EditorField } from '../components/sections/content/content-parts.tsx';

export type ContentItem = StaffFaq | StaffGlossaryEntry;

export type ItemKind = {
  kind: ContentKind;
  /** The page's title and the name of one item, for the delete button. */
  title: string;
  fields: EditorField[];
  /** The editor offers "hidden from the site" (the FAQ). */
  hiddenSwitch: boolean;
  /** The stored item as the form's values. */
  values(item: ContentItem): Record<string, string>;
  deleteSummary: string;
  deleteLabel(item: ContentItem): string;
  /** The preview's heading and text, as the site shows them. */
  preview(item: ContentItem): { heading: string; text: string };
  /** Extra words on the version line (hidden or not). */
  note(item: ContentItem): string;
};

const asFaq = (item: ContentItem) => item as StaffFaq;
const asEntry = (item: ContentItem) => item as StaffGlossaryEntry;

export const ITEM_KINDS: Record<ContentKind, ItemKind> = {
  faq: {
    kind: 'faq',
    title: 'Content: FAQ item',
    fields: FAQ_FIELDS,
    hiddenSwitch: true,
    values: (item) => ({
      question: asFaq(item).question,
      answer: asFaq(item).answer,
      hidden: asFaq(item).hidden ? 'on' : '',
    }),
    deleteSummary: 'Delete this question…',
    deleteLabel: () => 'Move this question to the trash',
    preview: (item) => ({ heading: asFaq(item).question, text: asFaq(item).answer }),
    note: (item) => (asFaq(item).hidden ? ' · hidden from the site' : ''),
  },
  glossary: {
    kind: 'glossary',
    title: 'Content: Glossary term',
    fields: GLOSSARY_FIELDS,
    hiddenSwitch: false,
    values: (item) => ({
      category: asEntry(item).category,
      term: asEntry(item).term,
      description: asEntry(item).description,
    }),
    deleteSummary: 'Delete this term…',
    deleteLabel: (item) => `Move “${asEntry(item).term}” to the trash`,
    preview: (item) => ({ heading: asEntry(item).term, text: asEntry(item).description }),
    note: () => '',
  },
};
