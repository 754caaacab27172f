// The contact form of the home page's Contact Us section (spec 3, 4, 5, 8): name, email, subject,
// inquiry type, an image (previewed with its size) and the message. Without JavaScript it posts
// multipart to /forms/contact; once hydrated it sends the schema's output as form data to
// POST /api/ContactUs.
import { useEffect, useRef, useState } from 'react';
import { href } from 'react-router';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import { formatSize } from '../../../common/format-size.ts';
import { INQUIRY_TYPES } from '../../../common/inquiry-types.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { FormFailure } from '../../lib/form-fields.ts';
import { useForm } from '../../lib/use-form.ts';
import { Button } from '../ui/button.tsx';
import { Field, InputField, TextareaField } from '../ui/field.tsx';
import { CONSENT_VALUE, ConsentFields } from './consent-fields.tsx';
import { FormShell } from './form-shell.tsx';

type ContactFormProps = {
  failure?: FormFailure | null | undefined;
  /** Where the result page links back to after a post without JavaScript. */
  back?: string;
};

export function ContactForm({ failure, back = `${href('/home')}#contact` }: ContactFormProps) {
  const form = useForm({
    form: 'contact',
    initial: {
      name: '',
      email: '',
      subject: '',
      inq_type: '',
      img: null as File | null,
      message: '',
      marketing_consent: false as boolean,
    },
    failure,
    loading: 'Sending your message…',
    answers: {
      invalid: MESSAGES.contactInvalid,
      failed: MESSAGES.error,
      success: MESSAGES.success,
      serverMessage: 'ErrorInfo',
    },
    // The server refuses more than 5 MB: say so before uploading it.
    extraErrors: (values): Record<string, string> =>
      values.img && values.img.size > MAX_IMAGE_BYTES ? { img: MESSAGES.imageTooLarge } : {},
    send: (api, data, key) => {
      const body = new FormData();
      // The ticked product-news box as a form posts it; an unticked one is left out.
      for (const [name, value] of Object.entries(data)) {
        if (value instanceof Blob) body.set(name, value);
        // The attribution goes as JSON text, the one way a multipart form carries an object.
        else if (typeof value === 'object' && value) body.set(name, JSON.stringify(value));
        else if (value) body.set(name, value === true ? CONSENT_VALUE : String(value));
      }
      return api.apiPostForm('/api/ContactUs', body, { idempotencyKey: key });
    },
  });
  const image = form.values.img;
  return (
    <FormShell
      form={form}
      action={href('/forms/contact')}
      title="Contact us"
      className="contact-form"
      encType="multipart/form-data"
      back={back}
      actions={
        <div className="form-actions">
          <Button type="submit">Send Message</Button>
        </div>
      }
    >
      <p className="form-note">All fields are required, except the product news box.</p>
      <div className="form-row">
        <InputField label="Name" autoComplete="name" {...form.field('name')} />
        <InputField label="Email" autoComplete="email" inputMode="email" {...form.field('email')} />
      </div>
      <div className="form-row">
        <InputField label="Subject" {...form.field('subject')} />
        <Field name="inq_type" label="Inquiry type" rule={form.rules.inq_type} error={form.error('inq_type')}>
          {(control) => (
            <select className="field-control" {...control} {...form.bind('inq_type')}>
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
      <Field
        name="img"
        label="Image"
        rule={form.rules.img}
        error={form.error('img')}
        hint="A screenshot or photo: PNG, JPEG, WebP or GIF, up to 5 MB."
      >
        {(control) => (
          <input
            className="field-control"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            {...control}
            onChange={(event) => form.set('img', event.target.files?.[0] ?? null)}
            onBlur={() => form.leave('img')}
          />
        )}
      </Field>
      {image ? <ImagePreview file={image} /> : null}
      <TextareaField label="Message" rows={5} {...form.field('message')} />
      <ConsentFields
        checked={form.values.marketing_consent}
        onChange={(checked) => form.set('marketing_consent', checked)}
      />
    </FormShell>
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
      <canvas
        ref={canvas}
        width={1}
        height={1}
        role="img"
        aria-label={`Preview of ${file.name}`}
        hidden={preview !== 'drawn'}
      />
      <span>
        {file.name}, {formatSize(file.size)}
        {preview === 'none' ? ' (no preview: this may not be an image)' : null}
      </span>
    </p>
  );
}
