// The editable fields of each kind of item, as the Content area's forms show them.
import { CONTENT_LIMITS } from '../../../../common/content.ts';
import type { EditorField } from './content-parts.tsx';

const FORMAT_HINT =
  'Plain text. A blank line starts a paragraph; links as [words](https://…) or a plain https:// address.';

export const FAQ_FIELDS: EditorField[] = [
  { name: 'question', label: 'Question', max: CONTENT_LIMITS.question },
  { name: 'answer', label: 'Answer', max: CONTENT_LIMITS.answer, multiline: true, hint: FORMAT_HINT },
];

export const GLOSSARY_FIELDS: EditorField[] = [
  { name: 'category', label: 'Category', max: CONTENT_LIMITS.category },
  { name: 'term', label: 'Term', max: CONTENT_LIMITS.term, hint: 'Unique within its category.' },
  { name: 'description', label: 'Description', max: CONTENT_LIMITS.description, multiline: true, hint: FORMAT_HINT },
];
