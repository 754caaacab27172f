// Services (#services): the four areas of a transport business Haulora serves, as cards.
import { Briefcase, Calculator, Headset, Truck } from 'lucide-react';
import type { HomeContent } from '../../../../content/home.schema.ts';
import './services-section.css';

const ICONS = { itSupport: Headset, administrative: Briefcase, finance: Calculator, transport: Truck };

export function ServicesSection({ services }: { services: HomeContent['services'] }) {
  return (
    <section id="services" className="section services" aria-labelledby="services-title">
      <div className="container">
        <div className="section-intro">
          <p className="eyebrow">{services.eyebrow}</p>
          <h2 id="services-title">{services.title}</h2>
          <p>{services.intro}</p>
        </div>
        <ul className="services-grid">
          {services.items.map((service) => {
            const Icon = ICONS[service.icon];
            return (
              <li key={service.title} className="service-card">
                <span className="service-icon">
                  <Icon aria-hidden="true" />
                </span>
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
