// Text with glossary terms linked to their rows (app/lib/glossary-links.server.ts).
import { Link } from 'react-router';
import { glossaryEntryHref, type LinkedText as Segments } from '../../lib/glossary-anchors.ts';
import './linked-text.css';

export function LinkedText({ text }: { text: Segments }) {
  return text.map((segment, index) =>
    typeof segment === 'string' ? (
      segment
    ) : (
      <Link key={index} to={glossaryEntryHref(segment.anchor)} className="glossary-term-link">
        {segment.text}
      </Link>
    ),
  );
}
