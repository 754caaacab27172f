// The empty path redirects to the home page (spec 2, Routes).
import { href, redirect } from 'react-router';

export function loader() {
  return redirect(href('/home'), 301);
}
