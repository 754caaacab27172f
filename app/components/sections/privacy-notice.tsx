// The body of the privacy notice (/privacy): what each form keeps and why, then the notice's
// sections, then how to ask for a copy or deletion, with the site's contact address.
import type { PrivacyContent } from '../../../content/privacy.schema.ts';
import './privacy-notice.css';

type PrivacyNoticeProps = {
  content: PrivacyContent;
  /** `content.page.updated` written out ('21 November 2026'). */
  updated: string;
  email: string;
  consentVersion: string;
};

export function PrivacyNotice({ content, updated, email, consentVersion }: PrivacyNoticeProps) {
  const { stored, sections, requests, page } = content;
  return (
    <div className="section privacy">
      <div className="container privacy-body">
        <p className="privacy-meta">
          Last updated <time dateTime={page.updated}>{updated}</time>. Product news wording version {consentVersion}.
        </p>

        <section aria-labelledby="privacy-stored">
          <h2 id="privacy-stored">{stored.heading}</h2>
          <p>{stored.intro}</p>
          <div className="privacy-forms">
            {stored.forms.map((form) => (
              <article key={form.name} className="privacy-form">
                <h3>{form.name}</h3>
                <ul>
                  {form.fields.map((field) => (
                    <li key={field}>{field}</li>
                  ))}
                </ul>
                <p>
                  <strong>Why: </strong>
                  {form.purpose}
                </p>
              </article>
            ))}
          </div>
        </section>

        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`privacy-section-${index}`}>
            <h2 id={`privacy-section-${index}`}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}

        <section aria-labelledby="privacy-requests" className="privacy-requests">
          <h2 id="privacy-requests">{requests.heading}</h2>
          {requests.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            {requests.emailLead} <a href={`mailto:${email}`}>{email}</a> {requests.after}
          </p>
        </section>
      </div>
    </div>
  );
}
