// /forms/newsletter: where the footer's newsletter box posts without JavaScript. A valid address
// is stored once and answered with the result page; an invalid one comes back here.
import { href } from 'react-router';
import type { Route } from './+types/newsletter.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { NewsletterForm } from '../../components/forms/newsletter-form.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { appContext } from '../../lib/app-context.ts';
import { answerPost, readFormPost } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/seo.ts';
import '../../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Newsletter', 'Subscribe to the Haulora newsletter.');

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readFormPost(request, app, href('/home'));
  if (!read.ok) return read.refusal;
  return answerPost(await app.services.intake.newsletter(read.post.values, read.post.key), 'newsletter', read.post, MESSAGES.error, read.post.values, 'success');
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Newsletter" title="The Haulora newsletter">
        <p>Product updates and practical guides for transport operators, once a month. Unsubscribe from any issue.</p>
      </PageHero>
      <section className="container form-page" aria-label="Newsletter form">
        <div className="form-card">
          <NewsletterForm failure={actionData} />
        </div>
      </section>
    </>
  );
}
