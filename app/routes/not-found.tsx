// Any URL no route claims: a real 404 shown in the normal layout by the root ErrorBoundary.
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
