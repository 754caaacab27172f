// The staff side's stylesheet (app/styles/staff.css), linked by the staff routes only: the public
// pages' one stylesheet is render-blocking on every visit, so rules no visitor can see stay out
// of it (issue 32). React Router links it in the server's HTML (so it works without JavaScript)
// and loads it before a client navigation into a staff page shows that page.
import type { LinkDescriptor } from 'react-router';
import staffStylesheet from '../styles/staff.css?url';

export const staffLinks = (): LinkDescriptor[] => [{ rel: 'stylesheet', href: staffStylesheet }];
