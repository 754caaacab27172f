// /forms/contact: where the home page's contact form posts without JavaScript (multipart, with its
// image). The image meets the API's byte check; a valid message is stored and answered with the
// result page; an invalid one comes back here with each field's message.
import { href } from 'react-router';
import type { Route } from './+types/contact.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { CONTACT_TEXT_FIELDS, FORGED_FILE_NAME } from '../../../common/schemas.ts';
import { ContactForm } from '../../components/forms/contact-form.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { appContext } from '../../lib/app-context.ts';
import { answerPost, META_FIELDS, readFormPost, refuse } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/seo.ts';
import '../../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Contact us', 'Send the Haulora team a message, with a screenshot or photo.');

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readFormPost(request, app, `${href('/home')}#contact`);
  if (!read.ok) return read.refusal;
  const { form, values } = read.post;
  if ([...form].some(isUnexpected) || form.getAll('img').length > 1) return refuse(400, MESSAGES.badRequest, values);
  const file = form.get('img');
  const img = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
  return answerPost(await app.services.intake.contact({ ...values, img }, read.post.key), 'contact', read.post, MESSAGES.contactInvalid, values, 'success');
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
