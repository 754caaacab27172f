// The contact form of the home page's Contact Us section (spec 3, 4, 5, 8): name, email, subject,
// inquiry type, an image (previewed with its size) and the message. Without JavaScript it posts
// multipart to /forms/contact; once hydrated it sends the same form data to POST /api/ContactUs.
// Its loading, error and sent blocks stay hidden until their moment.
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { href } from 'react-router';
import { ACCEPTED_IMAGE_TYPES, INQUIRY_TYPES, MAX_IMAGE_BYTES, SubmissionStatus } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { type FormFailure, loadApiClient, loadValidation, preloadSubmission, refilled, useFieldRules } from '../../lib/form-fields.ts';
import { firstInvalidControl } from '../../lib/form-focus.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field, InputField, TextareaField } from '../ui/field.tsx';
import { ResultModal } from '../ui/result-modal.tsx';
import { ConsentFields, CONSENT_VALUE, wasTicked } from './consent-fields.tsx';
import { FormMeta, honeypotValue } from './form-meta.tsx';

const EMPTY = { name: '', email: '', subject: '', inq_type: '', message: '' };
type Values = typeof EMPTY;

// Made on first use (when an image is chosen), not at load: building this formatter loads its
// locale data, which took ~60 ms of the home page's script evaluation.
let sizeFormat: Intl.NumberFormat | undefined;
/** A file size as people read it: '12.4 kB'. */
export const formatSize = (bytes: number) =>
  (sizeFormat ??= new Intl.NumberFormat('en-AU', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 })).format(bytes / 1000);

type ContactFormProps = {
  /** A refusal the server rendered after a post without JavaScript. */
  failure?: FormFailure | null | undefined;
  /** Where the result page links back to after a post without JavaScript. */
  back?: string;
};

export function ContactForm({ failure, back = `${href('/home')}#contact` }: ContactFormProps) {
  const rules = useFieldRules('contact');
  const hydrated = useHydrated();
  const submission = useSubmission(failure);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => refilled(EMPTY, failure?.values));
  const [image, setImage] = useState<File | null>(null);
  // The optional product-news box: sent only when ticked.
  const [consent, setConsent] = useState(() => wasTicked(failure?.values));
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  const [attempted, setAttempted] = useState(false);

  async function check(current: Values, file: File | null, website = '') {
    const { validate, contactSchema } = await loadValidation();
    const checked = validate(contactSchema, { ...current, img: file ?? undefined, website });
    const found: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    // The server refuses more than 5 MB; say so before uploading it.
    if (file && file.size > MAX_IMAGE_BYTES) found.img = MESSAGES.imageTooLarge;
    return { ok: Object.keys(found).length === 0, errors: found };
  }

  async function change(name: keyof Values, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (attempted) setErrors((await check(next, image)).errors);
  }

  async function changeImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    if (attempted) setErrors((await check(values, file)).errors);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.busy) return;
    const form = event.currentTarget;
    setAttempted(true);
    const website = honeypotValue(form);
    const checked = await check(values, image, website);
    if (!checked.ok) {
      setErrors(checked.errors);
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.contactInvalid });
      return;
    }
    setErrors({});
    submission.start('Sending your message…');
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.set(name, value);
    body.set('img', image!);
    if (consent) body.set('marketing_consent', CONSENT_VALUE);
    if (website) body.set('website', website);
    const { apiPostForm } = await loadApiClient();
    const result = await apiPostForm('/api/ContactUs', body);
    if (result.kind === 'success') {
      submission.finish({ status: SubmissionStatus.Success, message: MESSAGES.success });
      setValues(EMPTY);
      setImage(null);
      setConsent(false);
      setAttempted(false);
      form.reset();
    } else if (result.kind === 'ErrorInfo') {
      submission.finish({ status: SubmissionStatus.Error, message: result.message });
    } else {
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.error });
    }
  }

  const text = (name: keyof Values) => ({
    name,
    rule: rules[name],
    error: errors[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => void change(name, event.target.value),
  });

  return (
    <>
      <form
        ref={formRef}
        className="form contact-form"
        method="post"
        action={href('/forms/contact')}
        encType="multipart/form-data"
        noValidate={hydrated}
        onSubmit={submit}
        onFocus={preloadSubmission}
      >
        <FormMeta back={back} />
        <p className="form-note">All fields are required, except the product news box.</p>
        <div className="form-row">
          <InputField label="Name" autoComplete="name" {...text('name')} />
          <InputField label="Email" autoComplete="email" inputMode="email" {...text('email')} />
        </div>
        <div className="form-row">
          <InputField label="Subject" {...text('subject')} />
          <Field name="inq_type" label="Inquiry type" rule={rules.inq_type} error={errors.inq_type}>
            {(control) => (
              <select className="field-control" {...control} value={values.inq_type} onChange={(event) => void change('inq_type', event.target.value)}>
                <option value="">Select an inquiry type</option>
                {Object.entries(INQUIRY_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field name="img" label="Image" rule={rules.img} error={errors.img} hint="A screenshot or photo: PNG, JPEG, WebP or GIF, up to 5 MB.">
          {(control) => <input className="field-control" type="file" accept={ACCEPTED_IMAGE_TYPES.join(',')} {...control} onChange={changeImage} />}
        </Field>
        {image ? <ImagePreview file={image} /> : null}
        <TextareaField label="Message" rows={5} {...text('message')} />
        <ConsentFields checked={consent} onChange={setConsent} />
        <Alert status={SubmissionStatus.Loading} hidden={submission.status !== SubmissionStatus.Loading}>
          {submission.status === SubmissionStatus.Loading ? submission.message : null}
        </Alert>
        <Alert status={SubmissionStatus.Error} hidden={submission.status !== SubmissionStatus.Error} announce={false}>
          {submission.status === SubmissionStatus.Error ? submission.message : null}
        </Alert>
        <Alert status={SubmissionStatus.Success} hidden={submission.status !== SubmissionStatus.Success} announce={false}>
          {submission.status === SubmissionStatus.Success ? submission.message : null}
        </Alert>
        <div className="form-actions">
          <Button type="submit">Send Message</Button>
        </div>
      </form>
      <ResultModal result={submission.result} title="Contact us" onClose={submission.closeResult} returnFocus={() => firstInvalidControl(formRef.current)} />
    </>
  );
}

/** The picked image drawn into a canvas (decoded once, at preview size, with nothing to revoke),
 * with its name and size. A file the browser cannot decode gets no picture; the server decides. */
function ImagePreview({ file }: { file: File }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [preview, setPreview] = useState<'pending' | 'drawn' | 'none'>('pending');

  useEffect(() => {
    let current = true;
    setPreview('pending');
    createImageBitmap(file)
      .then((bitmap) => {
        const element = canvas.current;
        if (!current || !element) return;
        const scale = Math.min(1, 256 / Math.max(bitmap.width, bitmap.height));
        element.width = Math.max(1, Math.round(bitmap.width * scale));
        element.height = Math.max(1, Math.round(bitmap.height * scale));
        element.getContext('2d')?.drawImage(bitmap, 0, 0, element.width, element.height);
        bitmap.close();
        setPreview('drawn');
      })
      .catch(() => current && setPreview('none'));
    return () => {
      current = false;
    };
  }, [file]);

  return (
    <p className="image-preview">
      <canvas ref={canvas} width={1} height={1} role="img" aria-label={`Preview of ${file.name}`} hidden={preview !== 'drawn'} />
      <span>
        {file.name}, {formatSize(file.size)}
        {preview === 'none' ? ' (no preview: this may not be an image)' : null}
      </span>
    </p>
  );
}
