// Staff-written text (FAQ answers, glossary descriptions) as paragraphs, line breaks and links:
// common/rich-text.ts parses, React renders every piece as text, so typed HTML shows as written.
import { Fragment } from 'react';
import { parseRichText } from '../../../common/rich-text.ts';

export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseRichText(text).map((paragraph, p) => (
        <p key={p}>
          {paragraph.map((line, l) => (
            <Fragment key={l}>
              {l > 0 && <br />}
              {line.map((segment, s) =>
                segment.kind === 'link' ? (
                  <a
                    key={s}
                    href={segment.href}
                    {...(segment.href.startsWith('/') ? {} : { rel: 'noopener noreferrer' })}
                  >
                    {segment.text}
                  </a>
                ) : (
                  <Fragment key={s}>{segment.text}</Fragment>
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
