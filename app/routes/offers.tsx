// /offers is the same screen as /offer (DESIGN.md): a permanent redirect.
import { href, redirect } from 'react-router';

export function loader() {
  return redirect(href('/offer'), 301);
}
