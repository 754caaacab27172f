// /content: the Content area's door (issue 19), to its FAQ list. Its pages all live under
// /content/ so that the sign-in cookie (Path=/content) reaches their data requests too
// (/content/faq.data; /content.data would be outside the path).
import { href, redirect } from 'react-router';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export function loader() {
  return redirect(href('/content/faq'));
}
