// The clash screen's comparison (issue 31): after a version clash, each field of the version now
// saved, and a word-level diff from it to what this editor typed (removed words struck through,
// added ones marked), so the two texts are compared without reading both in full.
import { wordDiff } from '../../../../common/word-diff.ts';
import type { EditorField } from './content-parts.tsx';

export function ClashCompare({
  fields,
  current,
  values,
}: {
  fields: EditorField[];
  current: Record<string, string>;
  values: Record<string, string>;
}) {
  return (
    <div className="content-compare">
      <h3>Their version (now saved) compared with yours</h3>
      <p className="content-meta">
        <del>Struck through</del>: only in theirs. <ins>Marked</ins>: only in yours.
      </p>
      {fields.map((field) => {
        const theirs = current[field.name] ?? '';
        const yours = values[field.name] ?? '';
        return (
          <div key={field.name}>
            <p className="content-meta">
              {field.label}
              {theirs === yours ? ' (the same)' : ''}
            </p>
            <p className="content-plain content-diff">
              {wordDiff(theirs, yours).map((part, index) =>
                part.kind === 'removed' ? (
                  <del key={index}>{part.text}</del>
                ) : part.kind === 'added' ? (
                  <ins key={index}>{part.text}</ins>
                ) : (
                  <span key={index}>{part.text}</span>
                ),
              )}
            </p>
          </div>
        );
      })}
    </div>
  );
}
