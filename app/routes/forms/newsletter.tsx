// /forms/newsletter: where the footer's newsletter box posts without JavaScript. A valid address
// is stored once and answered with the result page; an invalid one comes back here.
import { href } from 'react-router';
import type { Route } from './+types/newsletter.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { newsletterSchema } from '../../../common/schemas.ts';
import { NewsletterForm } from '../../components/forms/newsletter-form.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { appContext } from '../../lib/app-context.ts';
import { postForm } from '../../lib/forms.server.ts';
import { resultPath } from '../../lib/form-results.ts';
import { pageMeta } from '../../lib/seo.ts';
import '../../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Newsletter', 'Subscribe to the Haulora newsletter.');

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  return postForm(request, app, {
    back: href('/home'),
    schema: newsletterSchema,
    alert: MESSAGES.error,
    run: (input, post) => app.services.intake.newsletter(input, post.key),
    redirect: (_taken, post) => resultPath('newsletter', 'success', post.back),
  });
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
