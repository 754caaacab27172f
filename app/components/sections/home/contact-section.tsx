// Contact Us (#contact): the office's details from the site settings, a map that loads from
// OpenStreetMap only when the visitor asks for it, and the slot the contact form fills.
import { Clock, Mail, Map as MapIcon, MapPin, Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { HomeContent } from '../../../../content/home.schema.ts';
import type { SiteSettings } from '../../../../content/schema.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { DeferredForm } from '../../forms/deferred-form.tsx';
import '../../ui/button.css';
import { MapPreviewArt } from './illustrations.tsx';
import { osmEmbedUrl, osmPageUrl } from './map-links.ts';
import './contact-section.css';

// Below the fold: the form's code loads as it nears the viewport or is used (deferred-form.tsx).
const loadContactForm = () => import('../../forms/contact-form.tsx').then((module) => module.ContactForm);

export function ContactSection({ contact, site }: { contact: HomeContent['contact']; site: SiteSettings }) {
  const { email, phone, address, hours } = site.contact;
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container">
        <div className="section-intro">
          <p className="eyebrow">{contact.eyebrow}</p>
          <h2 id="contact-title">{contact.title}</h2>
          <p>{contact.intro}</p>
        </div>
        <div className="contact-layout">
          <div className="contact-details">
            <address className="contact-list">
              <ul>
                <li>
                  <MapPin aria-hidden="true" />
                  <span className="contact-label">Address</span>
                  <span>{address}</span>
                </li>
                <li>
                  <Mail aria-hidden="true" />
                  <span className="contact-label">Email</span>
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
                <li>
                  <Phone aria-hidden="true" />
                  <span className="contact-label">Phone</span>
                  <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
                </li>
                <li>
                  <Clock aria-hidden="true" />
                  <span className="contact-label">Opening hours</span>
                  <span>{hours}</span>
                </li>
              </ul>
            </address>
            <MapFacade location={site.map} showLabel={contact.showMap} openLabel={contact.openMap} />
          </div>
          <div className="contact-form-slot" id="contact-form">
            <DeferredForm form="contact" load={loadContactForm} props={{}} />
          </div>
        </div>
      </div>
    </section>
  );
}

type MapProps = { location: SiteSettings['map']; showLabel: string; openLabel: string };

/**
 * A static preview until the visitor asks for the map: nothing is fetched from OpenStreetMap
 * before the click. Without JavaScript the button is a link to the map on openstreetmap.org.
 */
function MapFacade({ location, showLabel, openLabel }: MapProps) {
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  // The button that had focus is gone: hand focus to the map that replaced it.
  useEffect(() => {
    if (loaded) frame.current?.focus();
  }, [loaded]);

  return (
    <div className="contact-map">
      {loaded ? (
        <>
          <iframe
            ref={frame}
            title="Map of our office"
            src={osmEmbedUrl(location)}
            loading="lazy"
            className="contact-map-frame"
          />
          <p className="contact-map-note">
            <MapPageLink location={location} label={openLabel} />
          </p>
        </>
      ) : (
        <div className="contact-map-preview">
          <MapPreviewArt />
          <div className="contact-map-action">
            {hydrated ? (
              <button
                type="button"
                className="button"
                data-variant="primary"
                data-size="md"
                onClick={() => setLoaded(true)}
              >
                <MapIcon aria-hidden="true" />
                {showLabel}
              </button>
            ) : (
              <MapPageLink location={location} label={openLabel} asButton />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** The map on openstreetmap.org, in a new tab; drawn as a button where it stands in for one. */
function MapPageLink({
  location,
  label,
  asButton = false,
}: {
  location: SiteSettings['map'];
  label: string;
  asButton?: boolean;
}) {
  const look = asButton ? { className: 'button', 'data-variant': 'primary', 'data-size': 'md' } : {};
  return (
    <a href={osmPageUrl(location)} target="_blank" rel="noopener noreferrer" {...look}>
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
