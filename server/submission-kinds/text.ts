// Small text helpers the kind descriptions share for what staff read.
import { PREVIEW_LENGTH } from '../../common/inbox-vocabulary.ts';
import type { StoredValues } from './types.ts';

/** A value as text ('' for none). */
export const textOf = (values: StoredValues, name: string) => String(values[name] ?? '');

/** The first PREVIEW_LENGTH characters of a text, whitespace folded. */
export const previewOf = (values: StoredValues, name: string) =>
  textOf(values, name).replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
