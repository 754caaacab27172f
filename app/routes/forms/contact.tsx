// /forms/contact: where the home page's contact form posts without JavaScript (multipart, with its
// image). The image meets the API's byte check; a valid message is stored and answered with the
// result page; an invalid one comes back here with each field's message.
import { href, redirect } from 'react-router';
import type { Route } from './+types/contact.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { CONTACT_TEXT_FIELDS, contactSchema, FORGED_FILE_NAME } from '../../../common/schemas.ts';
import { ContactForm } from '../../components/forms/contact-form.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { appContext } from '../../lib/app-context.ts';
import { BACK_FIELD, CSRF_FIELD } from '../../lib/form-fields.ts';
import { resultPath } from '../../lib/form-results.ts';
import { invalid, readFormPost, refuse } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/seo.ts';
import '../../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Contact us', 'Send the Haulora team a message, with a screenshot or photo.');

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readFormPost(request, app, `${href('/home')}#contact`);
  if (!read.ok) return read.refusal;
  const { form, values, back } = read.post;
  if ([...form].some(isUnexpected) || form.getAll('img').length > 1) return refuse(400, MESSAGES.badRequest, values);
  const file = form.get('img');
  const img = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
  const parsed = contactSchema.safeParse({ ...values, img });
  if (!parsed.success) return invalid(parsed.error, MESSAGES.contactInvalid, values);
  const checked = await app.services.checkImage(parsed.data.img as Uint8Array);
  if (!checked.ok) return refuse(400, checked.message, values, { img: checked.message });
  await app.services.submissions.sendContactMessage(parsed.data, checked.image);
  return redirect(resultPath('contact', 'success', back), 303);
}

/** As the API (server/routes/api/contact.ts): a field the form does not have, a file under
 * another name than img or a forged file name is refused, not dropped. */
function isUnexpected([name, value]: [string, FormDataEntryValue]) {
  // A file input left empty is posted with an empty file name, which the parser hands over as ''.
  if (name === 'img' && value === '') return false;
  if (typeof value === 'string') return !CONTACT_TEXT_FIELDS.has(name) && name !== CSRF_FIELD && name !== BACK_FIELD;
  return name !== 'img' || FORGED_FILE_NAME.test(value.name);
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Contact" title="Contact us">
        <p>Questions about Haulora, pricing or support: send us a message with a screenshot or photo and we will reply by email.</p>
      </PageHero>
      <section className="container form-page" aria-label="Contact form">
        <div className="form-card">
          <ContactForm failure={actionData} back={href('/forms/contact')} />
        </div>
      </section>
    </>
  );
}
