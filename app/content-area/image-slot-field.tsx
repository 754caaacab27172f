// One image of a page's document in the generic editor (issue 31): what is placed now (a
// preview), a choice among the uploaded images, the alt text, and a file field with its own
// Upload button. All native: without JavaScript the Upload button posts the whole form
// (multipart), the image is checked and placed, and the form comes back with it, unsaved.
import { ACCEPTED_IMAGE_TYPES } from '../../common/constants.ts';
import { Button } from '../components/ui/button.tsx';
import { InputField } from '../components/ui/field.tsx';
import { fieldName } from './page-form-data.ts';
import type { ImageChoice } from './image-slots.ts';

/** The file field of the slot at `path`: 'u.stories.0.photo'. */
export const uploadFieldName = (path: string) => `u.${path}`;

export function ImageSlotField(props: {
  path: (string | number)[];
  label: string;
  value: { src?: unknown; alt?: unknown; width?: unknown; height?: unknown };
  images: ImageChoice[];
  errors: Record<string, string>;
}) {
  const { path, label, value, images, errors } = props;
  const key = path.join('.');
  const src = typeof value.src === 'string' ? value.src : '';
  const alt = typeof value.alt === 'string' ? value.alt : '';
  const chosen = images.find((image) => image.src === src);
  const pickerId = `${fieldName(path)}.src`;
  const fileId = uploadFieldName(key);
  const error = errors[`${key}.src`] ?? errors[key];
  return (
    <fieldset className="page-form-image">
      <legend>{label}</legend>
      {chosen ? (
        <img src={chosen.src} alt="" width={chosen.width} height={chosen.height} className="page-form-image-preview" />
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor={pickerId}>
          Image
        </label>
        <select id={pickerId} name={fieldName([...path, 'src'])} defaultValue={src} className="field-control">
          <option value="">No image</option>
          {images.map((image) => (
            <option key={image.src} value={image.src}>
              {image.alt.slice(0, 60)} ({image.width} × {image.height})
            </option>
          ))}
          {src && !chosen ? <option value={src}>{src}</option> : null}
        </select>
        {error ? <p className="field-error">{error}</p> : null}
      </div>
      <InputField
        name={fieldName([...path, 'alt'])}
        label="Alt text (what the image shows)"
        defaultValue={alt}
        error={errors[`${key}.alt`]}
        maxLength={400}
      />
      <input type="hidden" name={fieldName([...path, 'width'])} value={chosen?.width ?? 0} />
      <input type="hidden" name={fieldName([...path, 'height'])} value={chosen?.height ?? 0} />
      <div className="field">
        <label className="field-label" htmlFor={fileId}>
          Or upload a new one (PNG, JPEG, WebP or GIF, at most 5 MB)
        </label>
        <input
          id={fileId}
          name={fileId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="field-control"
        />
        {errors[`${key}.file`] ? <p className="field-error">{errors[`${key}.file`]}</p> : null}
      </div>
      <Button type="submit" name="intent" value={`upload:${key}`} variant="secondary" size="sm">
        Upload<span className="visually-hidden">{` ${label}`}</span>
      </Button>
    </fieldset>
  );
}
