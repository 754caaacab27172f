// One component in the showcase: its name (an h2), a sentence on its use, and the live example.
import { type ReactNode, useId } from 'react';

type SpecimenProps = { title: string; text: string; children?: ReactNode; tone?: 'plain' | 'dark' };

export function Specimen({ title, text, children, tone = 'plain' }: SpecimenProps) {
  const id = useId();
  return (
    <section className="specimen" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="specimen-text">{text}</p>
      {children ? (
        <div className="specimen-stage" data-tone={tone}>
          {children}
        </div>
      ) : null}
    </section>
  );
}
