// "Updated on <date>" for a feature page: the date of the newest changelog entry that concerns it
// (featureProof in proof.server.ts), linked to that entry on /changelog.
import { href, Link } from 'react-router';
import type { FeatureProof } from '../../../lib/proof.server.ts';
import { readableDate } from '../../../lib/readable-date.ts';
import './proof.css';

export function UpdatedOn({ change }: { change: FeatureProof['updated'] }) {
  if (!change) return null;
  return (
    <p className="updated-on container">
      Updated on <time dateTime={change.date}>{readableDate(change.date)}</time>:{' '}
      <Link to={`${href('/changelog')}#${change.id}`}>{change.title}</Link>
    </p>
  );
}
