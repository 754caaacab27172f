// The frame of every enhanced form (STYLE 16): the native form that posts without JavaScript,
// its hidden parts, the fields the form file gives, the status blocks (spec 4: loading, error
// and sent, hidden until their moment), the actions, and the result modal whose closing hands
// focus to the first field to fix. A staff form (the inbox) has no native post and no modal:
// it exists only once the inbox's scripts run, and a modal after every note would make the
// inbox inert for two seconds; its status block announces the result, and focus goes to the
// first field to fix at once.
import { type ReactNode, useEffect } from 'react';
import { SubmissionStatus } from '../../../common/constants.ts';
import type { FormState } from '../../lib/use-form.ts';
import { Alert } from '../ui/alert.tsx';
import { ResultModal } from '../ui/result-modal.tsx';
import { FormMeta } from './form-meta.tsx';

type FormShellProps = {
  form: FormState;
  /** The page route that takes the native post; none for a staff form. */
  action?: string;
  /** The result modal's title; none for a staff form, whose status block says the result. */
  title?: string;
  className?: string;
  /** The form's accessible name (a staff form among several on a page). */
  label?: string;
  tone?: 'inverse';
  encType?: 'multipart/form-data';
  /** Where the result page links back to; the current page by default. */
  back?: string;
  /** Staff forms carry no honeypot. */
  honeypot?: boolean;
  children?: ReactNode;
  /** The submit button's row, after the status blocks. */
  actions?: ReactNode;
};

const BLOCKS = [SubmissionStatus.Loading, SubmissionStatus.Error, SubmissionStatus.Success] as const;
const firstInvalid = (form: HTMLFormElement | null) => form?.querySelector<HTMLElement>('[aria-invalid="true"]');

export function FormShell({
  form,
  action,
  title,
  className,
  label,
  tone,
  encType,
  back,
  honeypot,
  children,
  actions,
}: FormShellProps) {
  const inline = title === undefined;
  // Without a modal, the result is handed back as soon as it is shown.
  useEffect(() => {
    if (!inline || !form.result) return;
    firstInvalid(form.formRef.current)?.focus();
    form.closeResult();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when a new result arrives; `form` is a new object each render
  }, [form.result]);

  return (
    <>
      <form
        ref={form.formRef}
        id={form.formId}
        className={className ? `form ${className}` : 'form'}
        aria-label={label}
        data-tone={tone}
        method={action ? 'post' : undefined}
        action={action}
        encType={encType}
        noValidate={form.hydrated}
        onSubmit={form.onSubmit}
        onFocus={form.preload}
      >
        {action ? <FormMeta back={back} honeypot={honeypot} /> : null}
        {children}
        {/* The loading block speaks for itself; an error or a success is announced by the modal,
            or by the block itself in a staff form. */}
        {BLOCKS.map((status) => (
          <Alert
            key={status}
            status={status}
            hidden={form.status !== status || !form.message}
            announce={inline || status === SubmissionStatus.Loading}
          >
            {form.status === status ? form.message : null}
          </Alert>
        ))}
        {actions}
      </form>
      {inline ? null : (
        <ResultModal
          result={form.result}
          title={title}
          onClose={form.closeResult}
          returnFocus={() => firstInvalid(form.formRef.current)}
        />
      )}
    </>
  );
}
