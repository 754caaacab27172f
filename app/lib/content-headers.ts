// The Content area's pages are one staff member's view: never stored by a browser or a proxy.
// (React Router adds the loaders' and actions' Set-Cookie itself.)
import type { HeadersFunction } from 'react-router';

export const contentHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'no-store');
  return headers;
};
