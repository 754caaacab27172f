// The generic editor of a page's structured document (issue 31): a form made from the document's
// own shape: a line or a text area per text, a number field, a switch, a folding group per object,
// and lists with add, remove and move buttons. It is one native form: without JavaScript every
// button posts (the list buttons show the changed document again, unsaved); with it, React Router
// sends the same posts. Field errors from the schema appear at their field, their groups open.
import { type ReactNode, useId, useRef } from 'react';
import { Form } from 'react-router';
import { CONTENT_MESSAGES } from '../../common/content-messages.ts';
import { Csrf } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { InputField, TextareaField } from '../components/ui/field.tsx';
import { useTypedEarly } from '../lib/use-typed-early.ts';
import { useUnsavedGuard } from '../lib/use-unsaved-guard.ts';
import { useAutosave } from './autosave.ts';
import { LocalTime } from './item-state.tsx';
import { PageLivePane } from './page-live-pane.tsx';
import { ImageSlotField } from './image-slot-field.tsx';
import { type ImageChoice, isImageSlot } from './image-slots.ts';
import { fieldName, isLongText, labelOf, SHAPE_FIELD, shapeOf } from './page-form-data.ts';
import { ScheduleField } from './schedule-field.tsx';

type Path = (string | number)[];
type Errors = Record<string, string>;
/** The field errors, and the path of the list a button just changed: their groups stay open;
 * the uploaded images an image field offers. */
type Open = { errors: Errors; changed: string; images: ImageChoice[] };

const pathKey = (path: Path) => path.join('.');
const under = (key: string, path: string) => path === key || path.startsWith(`${key}.`);
/** Whether a group opens: an error in it, or the list just changed is in it. */
const opens = ({ errors, changed }: Open, path: Path) => {
  const key = pathKey(path);
  return Object.keys(errors).some((error) => under(key, error)) || (changed !== '' && under(key, changed));
};
/** A list item's summary: its first short text, e.g. a story's operator or a slide's title. */
function summaryOf(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value.slice(0, 80) || fallback;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const text = Object.values(value).find((item): item is string => typeof item === 'string' && item.length > 0);
    if (text) return `${fallback}: ${text.slice(0, 70)}`;
  }
  return fallback;
}

function ListButtons({ path, index, count, label }: { path: Path; index: number; count: number; label: string }) {
  const at = pathKey([...path, index]);
  const context = <span className="visually-hidden">{` ${label}`}</span>;
  return (
    <div className="page-form-item-actions">
      <Button type="submit" name="intent" value={`up:${at}`} variant="ghost" size="sm" disabled={index === 0}>
        Move up{context}
      </Button>
      <Button type="submit" name="intent" value={`down:${at}`} variant="ghost" size="sm" disabled={index === count - 1}>
        Move down{context}
      </Button>
      <Button type="submit" name="intent" value={`remove:${at}`} variant="ghost" size="sm">
        Remove{context}
      </Button>
    </div>
  );
}

function Node({ value, path, label, open }: { value: unknown; path: Path; label: string; open: Open }): ReactNode {
  const key = pathKey(path);
  const error = open.errors[key];
  const name = fieldName(path);
  if (typeof value === 'string') {
    const last = String(path.at(-1) ?? '');
    return isLongText(last, value) ? (
      <TextareaField
        name={name}
        label={label}
        error={error}
        defaultValue={value}
        rows={Math.min(8, 2 + Math.ceil(value.length / 90))}
      />
    ) : (
      <InputField name={name} label={label} error={error} defaultValue={value} />
    );
  }
  if (typeof value === 'number')
    return <InputField name={name} label={label} error={error} defaultValue={String(value)} inputMode="decimal" />;
  if (typeof value === 'boolean')
    return (
      <div className="page-form-switch">
        <label>
          <input type="checkbox" name={name} defaultChecked={value} /> {label}
        </label>
        {error ? <p className="field-error">{error}</p> : null}
      </div>
    );
  if (Array.isArray(value)) {
    return (
      <fieldset className="page-form-list">
        <legend>
          {label} <span className="page-form-count">({value.length})</span>
        </legend>
        {error ? (
          <p className="field-error" role="note">
            {error}
          </p>
        ) : null}
        {value.map((item, index) => {
          const itemPath = [...path, index];
          const itemLabel = `${label}, item ${index + 1}`;
          return (
            <details key={index} className="page-form-item" open={opens(open, itemPath) || undefined}>
              <summary>{summaryOf(item, `Item ${index + 1}`)}</summary>
              <Node value={item} path={itemPath} label={itemLabel} open={open} />
              <ListButtons path={path} index={index} count={value.length} label={itemLabel} />
            </details>
          );
        })}
        <Button type="submit" name="intent" value={`add:${key}`} variant="secondary" size="sm">
          Add an item<span className="visually-hidden">{` to ${label}`}</span>
        </Button>
      </fieldset>
    );
  }
  if (isImageSlot(value))
    return <ImageSlotField path={path} label={label} value={value} images={open.images} errors={open.errors} />;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const fields = entries.map(([childKey, child]) => (
      <Node key={childKey} value={child} path={[...path, childKey]} label={labelOf(childKey)} open={open} />
    ));
    // An object inside a list item is the item itself; elsewhere it is a folding group.
    if (typeof path.at(-1) === 'number') return <div className="page-form-group">{fields}</div>;
    return (
      <details className="page-form-section" open={path.length === 0 || opens(open, path) || undefined}>
        <summary>{label}</summary>
        {error ? <p className="field-error">{error}</p> : null}
        <div className="page-form-group">{fields}</div>
      </details>
    );
  }
  return null;
}

/** The form's buttons, at its top and its end: the first is what Enter presses (a draft, never a
 * list button or the live save). */
function SaveButtons() {
  return (
    <>
      <Button type="submit" name="intent" value="draft">
        Save draft
      </Button>
      <Button type="submit" name="intent" value="save" variant="secondary">
        Save and publish
      </Button>
    </>
  );
}

export function PageForm(props: {
  csrfToken: string;
  document: unknown;
  version: number;
  errors: Errors;
  /** The list a button just changed (its groups stay open), or ''. */
  changed: string;
  /** Changes whenever the form must be drawn afresh from `document` (its fields keep defaults). */
  revision: string;
  viewPath: string;
  /** The draft's schedule field (decision 055): its current time, what was typed, its error. */
  schedule: { publishAt: string | null; typed?: string | undefined; error?: string | undefined };
  /** The uploaded images, for a document with image fields (then the form posts multipart). */
  images?: ImageChoice[];
  /** This editor's live preview link, for the "On the site" pane. */
  live?: string | null;
}) {
  const { csrfToken, document, version, errors, changed, revision, viewPath, schedule, images, live } = props;
  const open: Open = { errors, changed, images: images ?? [] };
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedEarly(formId, formRef);
  useUnsavedGuard(formRef, CONTENT_MESSAGES.unsaved);
  // Typing is kept for this editor every few seconds (decision 059), as in the FAQ's editor.
  const autosave = useAutosave();
  const top = document && typeof document === 'object' && !Array.isArray(document) ? Object.entries(document) : [];
  return (
    <>
      {live ? <PageLivePane path={live} savedAt={autosave.savedAt} /> : null}
      <Form
        method="post"
        className="content-form page-form"
        id={formId}
        ref={formRef}
        key={revision}
        encType={images ? 'multipart/form-data' : undefined}
        onChange={(event) => autosave.typed(event.currentTarget)}
      >
        <Csrf token={csrfToken} />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name={SHAPE_FIELD} value={JSON.stringify(shapeOf(document))} />
        {/* First in the form: Enter in a field saves a draft, never presses a list button. */}
        <div className="page-form-bar">
          <SaveButtons />
          <a href={viewPath} target="_blank" rel="noopener">
            View on the site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
        {autosave.savedAt ? (
          <p className="content-meta" role="status">
            Autosaved at <LocalTime iso={autosave.savedAt} />
          </p>
        ) : null}
        {errors['(document)'] ? <p className="field-error">{errors['(document)']}</p> : null}
        {top.length > 0 ? (
          top.map(([key, value]) => <Node key={key} value={value} path={[key]} label={labelOf(key)} open={open} />)
        ) : (
          <Node value={document} path={[]} label="Document" open={open} />
        )}
        <div className="page-form-schedule">
          <ScheduleField publishAt={schedule.publishAt} typed={schedule.typed} error={schedule.error} />
        </div>
        <div className="page-form-bar">
          <SaveButtons />
        </div>
      </Form>
    </>
  );
}
