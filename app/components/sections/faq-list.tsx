// The FAQ as native disclosures (spec 2, FAQ page): clicking a question toggles its answer, with
// the show and close icons swapping on [open]. Works the same without JavaScript.
import { Minus, Plus } from 'lucide-react';
import type { FaqItem } from '../../../common/api.ts';
import './faq-list.css';
import { RichText } from '../ui/rich-text.tsx';

export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary className="faq-question">
            <span>{item.question}</span>
            <Plus aria-hidden="true" className="faq-icon" data-icon="show" />
            <Minus aria-hidden="true" className="faq-icon" data-icon="close" />
          </summary>
          <div className="faq-answer">
            <RichText text={item.answer} />
          </div>
        </details>
      ))}
    </div>
  );
}
