// /forms/feedback: where the footer's feedback form posts without JavaScript. A valid post is
// stored and answered with the result page; an invalid one comes back here with its message.
import { href } from 'react-router';
import type { Route } from './+types/feedback.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { feedbackSchema } from '../../../common/schemas.ts';
import { FeedbackForm } from '../../components/forms/feedback-form.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { appContext } from '../../lib/app-context.ts';
import { postForm } from '../../lib/forms.server.ts';
import { resultPath } from '../../lib/form-results.ts';
import { pageMeta } from '../../lib/seo.ts';
import '../../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Feedback', 'Tell the Haulora team what would make this site more useful.');

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  return postForm(request, app, {
    back: href('/home'),
    schema: feedbackSchema,
    alert: MESSAGES.error,
    run: (input, post) => app.services.intake.feedback(input, post.key),
    redirect: (_taken, post) => resultPath('feedback', 'success', post.back),
  });
}

export default function Feedback({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Feedback" title="Tell us what you think">
        <p>One line is enough: what worked, what was missing, what was hard to find.</p>
      </PageHero>
      <section className="container form-page" aria-label="Feedback form">
        <div className="form-card">
          <FeedbackForm failure={actionData} />
        </div>
      </section>
    </>
  );
}
