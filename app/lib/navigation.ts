// The site's menus as data: the navbar (spec 2, Shared layout) and the footer read them from here.
import { href } from 'react-router';
import type { SiteSettings } from '../../content/schema.ts';

export type NavLink = {
  label: string;
  to: string;
  /** Opens in a new tab (the Manual, outside sites). */
  newTab?: boolean;
};
export type NavMenu = { label: string; items: NavLink[] };
export type NavEntry = NavLink | NavMenu;

export const isMenu = (entry: NavEntry): entry is NavMenu => 'items' in entry;

/** The navbar's entries, in the spec's order. */
export function mainNavigation(site: SiteSettings): NavEntry[] {
  return [
    { label: 'Home', to: href('/home') },
    {
      label: 'Products',
      items: [
        { label: 'Features', to: href('/features') },
        { label: 'Services', to: `${href('/home')}#services` },
        { label: 'Integrations', to: href('/integrations') },
        { label: 'Plans and pricing', to: href('/offer') },
      ],
    },
    {
      label: 'About',
      items: [
        { label: 'About Us', to: `${href('/home')}#about` },
        { label: 'FAQs', to: href('/faq') },
        { label: 'Customers', to: href('/customers') },
        { label: 'Security', to: href('/security') },
      ],
    },
    {
      label: 'Resources',
      items: [
        { label: 'Video tutorials', to: `${href('/docs')}#tutorials` },
        { label: 'Accreditation', to: site.links.accreditation, newTab: true },
        { label: 'Changelog', to: href('/changelog') },
      ],
    },
    {
      label: 'Socials',
      items: site.socials.map((social) => ({ label: social.name, to: social.url, newTab: true })),
    },
    { label: 'Contact Us', to: `${href('/home')}#contact` },
    { label: 'Manual', to: href('/docs'), newTab: true },
  ];
}

export const isExternal = (to: string) => /^https?:\/\//.test(to);
