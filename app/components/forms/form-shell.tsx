// The frame of every enhanced form (STYLE 16): the native form that posts without JavaScript,
// its hidden parts, the fields the form file gives, the status blocks (spec 4: loading, error
// and sent, hidden until their moment), the actions, and the result modal whose closing hands
// focus to the first field to fix.
import type { ReactNode } from 'react';
import { SubmissionStatus } from '../../../common/constants.ts';
import type { FormState } from '../../lib/use-form.ts';
import { Alert } from '../ui/alert.tsx';
import { ResultModal } from '../ui/result-modal.tsx';
import { FormMeta } from './form-meta.tsx';

type FormShellProps = {
  form: FormState;
  /** The page route that takes the native post. */
  action: string;
  /** The result modal's title. */
  title: string;
  className?: string;
  tone?: 'inverse';
  encType?: 'multipart/form-data';
  /** Where the result page links back to; the current page by default. */
  back?: string;
  /** Staff forms carry no honeypot. */
  honeypot?: boolean;
  children: ReactNode;
  /** The submit button's row, after the status blocks. */
  actions?: ReactNode;
};

const BLOCKS = [SubmissionStatus.Loading, SubmissionStatus.Error, SubmissionStatus.Success] as const;

export function FormShell({ form, action, title, className, tone, encType, back, honeypot, children, actions }: FormShellProps) {
  return (
    <>
      <form
        ref={form.formRef}
        className={className ? `form ${className}` : 'form'}
        data-tone={tone}
        method="post"
        action={action}
        encType={encType}
        noValidate={form.hydrated}
        onSubmit={form.onSubmit}
        onFocus={form.preload}
      >
        <FormMeta back={back} honeypot={honeypot} />
        {children}
        {/* The loading block speaks for itself; an error or a success is announced by the modal. */}
        {BLOCKS.map((status) => (
          <Alert key={status} status={status} hidden={form.status !== status} announce={status === SubmissionStatus.Loading}>
            {form.status === status ? form.message : null}
          </Alert>
        ))}
        {actions}
      </form>
      <ResultModal
        result={form.result}
        title={title}
        onClose={form.closeResult}
        returnFocus={() => form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')}
      />
    </>
  );
}
