// Any URL no route claims: a real 404, shown by the root ErrorBoundary with the navbar.
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
