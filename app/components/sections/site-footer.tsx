// The footer on every page except signup and nucleoicons (spec 2, Shared layout): the newsletter
// box, contact details and social links from the site configuration, the one-line feedback form.
import { Mail, MapPin, Phone } from 'lucide-react';
import { href, Link } from 'react-router';
import type { SiteSettings } from '../../../content/schema.ts';
import { DeferredForm } from '../forms/deferred-form.tsx';
import './site-footer.css';

// The footer's forms are below the fold on every page: their code loads as they near the
// viewport or are used (deferred-form.tsx).
const loadNewsletterForm = () => import('../forms/newsletter-form.tsx').then((module) => module.NewsletterForm);
const loadFeedbackForm = () => import('../forms/feedback-form.tsx').then((module) => module.FeedbackForm);

const FOOTER_LINKS = [
  { label: 'Features', to: href('/features') },
  { label: 'Plans on offer', to: href('/offer') },
  { label: 'Integrations', to: href('/integrations') },
  { label: 'Customers', to: href('/customers') },
  { label: 'Security', to: href('/security') },
  { label: 'Changelog', to: href('/changelog') },
  { label: 'FAQs', to: href('/faq') },
  { label: 'Glossary', to: href('/glossary') },
  { label: 'Manual', to: href('/docs') },
  { label: 'Book a demo', to: href('/request-demo') },
  { label: 'Privacy notice', to: href('/privacy') },
];

export function SiteFooter({ site }: { site: SiteSettings }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        <section aria-labelledby="footer-newsletter" className="footer-newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <p>Product updates and practical guides for transport operators, once a month.</p>
          <DeferredForm form="newsletter" load={loadNewsletterForm} props={{ tone: 'inverse' }} />
        </section>

        <section aria-labelledby="footer-contact" className="footer-contact-block">
          <h2 id="footer-contact">Contact</h2>
          <ul className="footer-contact">
            <li>
              <MapPin aria-hidden="true" />
              <span>{site.contact.address}</span>
            </li>
            <li>
              <Mail aria-hidden="true" />
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
            </li>
            <li>
              <Phone aria-hidden="true" />
              <a href={`tel:${site.contact.phone.replace(/[^+\d]/g, '')}`}>{site.contact.phone}</a>
            </li>
          </ul>
          <p className="footer-hours">{site.contact.hours}</p>
        </section>

        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore">Explore</h2>
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-social">
          <h2 id="footer-social">Follow us</h2>
          <ul className="footer-links">
            {site.socials.map((social) => (
              <li key={social.url}>
                <a href={social.url} target="_blank" rel="noopener noreferrer">
                  {social.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer-base">
        <p>
          © {year} {site.brand}. {site.tagline}.
        </p>
        <DeferredForm form="feedback" load={loadFeedbackForm} props={{ tone: 'inverse' }} />
      </div>
    </footer>
  );
}
