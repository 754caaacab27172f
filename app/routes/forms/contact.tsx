// /forms/contact: where the home page's contact form posts without JavaScript (multipart, with its
// image). The image meets the API's byte check; a valid message is stored and answered with the
// result page; an invalid one comes back here with each field's message.
import { href } from 'react-router';
import type { Route } from './+types/contact.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { CONTACT_TEXT_FIELDS, contactSchema, FORGED_FILE_NAME } from '../../../common/contact-schema.ts';
import { ContactForm } from '../../components/forms/contact-form.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { appContext } from '../../lib/app-context.ts';
import { type FormPost, META_FIELDS, postForm, refuse } from '../../lib/forms.server.ts';
import { resultPath } from '../../lib/form-results.ts';
import { pageMeta } from '../../lib/seo.ts';
import '../../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Contact us', 'Send the Haulora team a message, with a screenshot or photo.');

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  return postForm(request, app, {
    back: `${href('/home')}#contact`,
    schema: contactSchema,
    alert: MESSAGES.contactInvalid,
    check: ({ form, values }) =>
      [...form].some(isUnexpected) || form.getAll('img').length > 1 ? refuse(400, MESSAGES.badRequest, values) : null,
    input: imageAndValues,
    run: (input, post) => app.services.intake.contact(input as Record<string, unknown>, post.key),
    redirect: (_taken, post) => resultPath('contact', 'success', post.back),
  });
}

/** The text values and the image's bytes (undefined when the file input was left empty). */
async function imageAndValues({ form, values }: FormPost) {
  const file = form.get('img');
  return {
    ...values,
    img: file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined,
  };
}

/** As the API (server/routes/api/contact.ts): a field the form does not have, a file under
 * another name than img or a forged file name is refused, not dropped. */
function isUnexpected([name, value]: [string, FormDataEntryValue]) {
  // A file input left empty is posted with an empty file name, which the parser hands over as ''.
  if (name === 'img' && value === '') return false;
  if (typeof value === 'string') return !CONTACT_TEXT_FIELDS.has(name) && !META_FIELDS.has(name);
  return name !== 'img' || FORGED_FILE_NAME.test(value.name);
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Contact" title="Contact us">
        <p>
          Questions about Haulora, pricing or support: send us a message with a screenshot or photo and we will reply by
          email.
        </p>
      </PageHero>
      <section className="container form-page" aria-label="Contact form">
        <div className="form-card">
          <ContactForm failure={actionData} back={href('/forms/contact')} />
        </div>
      </section>
    </>
  );
}
