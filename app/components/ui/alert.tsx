// The status of a submission (spec 4): 1 loading is an info alert, 2 error a danger alert, 3 a
// success. The variant is written into the DOM as data-variant. A live alert announces itself
// (role status, or alert for errors); `announce={false}` leaves that to a result modal.
import type { ReactNode } from 'react';
import { SubmissionStatus } from '../../../common/constants.ts';
import './alert.css';

const VARIANTS = {
  [SubmissionStatus.Loading]: 'info',
  [SubmissionStatus.Error]: 'danger',
  [SubmissionStatus.Success]: 'success',
} as const;

type AlertProps = {
  status: SubmissionStatus;
  children: ReactNode;
  hidden?: boolean;
  announce?: boolean;
  id?: string;
  className?: string;
};

export function Alert({ status, children, hidden, announce = true, id, className }: AlertProps) {
  const role = announce ? (status === SubmissionStatus.Error ? 'alert' : 'status') : undefined;
  return (
    <div
      id={id}
      className={className ? `alert ${className}` : 'alert'}
      data-variant={VARIANTS[status]}
      role={role}
      hidden={hidden}
    >
      {children}
    </div>
  );
}
