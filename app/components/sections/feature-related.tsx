// The end of a feature page: the video tutorials that cover the feature and the FAQ answers that
// mention it (app/lib/related-content.server.ts), each shown only when there are some.
import { href, Link } from 'react-router';
import type { FaqItem } from '../../../common/api.ts';
import { TutorialList, type TutorialLink } from './tutorial-list.tsx';
import { FaqList } from './faq-list.tsx';
import './feature-related.css';

type Props = {
  title: string;
  tutorials: ReadonlyArray<TutorialLink>;
  faqs: FaqItem[];
};

export function FeatureRelated({ title, tutorials, faqs }: Props) {
  return (
    <>
      {tutorials.length > 0 ? (
        <section className="section feature-related" aria-labelledby="feature-tutorials-title">
          <div className="container">
            <h2 id="feature-tutorials-title">Video tutorials on {title}</h2>
            <TutorialList tutorials={tutorials} />
            <p className="feature-related-more">
              <Link to={`${href('/docs')}#tutorials`}>Every tutorial in the manual</Link>
            </p>
          </div>
        </section>
      ) : null}
      {faqs.length > 0 ? (
        <section className="section feature-related" data-tone="muted" aria-labelledby="feature-faqs-title">
          <div className="container">
            <h2 id="feature-faqs-title">Questions about {title}</h2>
            <FaqList items={faqs} />
            <p className="feature-related-more">
              <Link to={href('/faq')}>All frequently asked questions</Link>
            </p>
          </div>
        </section>
      ) : null}
    </>
  );
}
