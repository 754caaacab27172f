// The outcome of a submission in a small modal (spec 4): named by its message, which it also
// announces (role status, or alert for an error); it closes by itself after MODAL_AUTO_CLOSE_MS,
// or with its button. The form keeps the same words in its own alert, so nothing is lost when
// the modal goes.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { MODAL_AUTO_CLOSE_MS, SubmissionStatus } from '../../../common/constants.ts';
import { Modal } from './modal.tsx';
import './result-modal.css';

export type SubmissionResult = {
  status: typeof SubmissionStatus.Error | typeof SubmissionStatus.Success;
  message: string;
};

type ResultModalProps = {
  /** The result to show; null keeps the modal closed. */
  result: SubmissionResult | null;
  /** The form's name, the modal's title. */
  title: string;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
};

export function ResultModal({ result, title, onClose, returnFocus }: ResultModalProps) {
  const messageId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  // Each new result gets its own full time on screen.
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => close.current(), MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const failed = result?.status === SubmissionStatus.Error;
  const Icon = failed ? CircleAlert : CircleCheck;
  return (
    <Modal
      open={result !== null}
      title={title}
      onClose={onClose}
      returnFocus={returnFocus}
      labelledBy={messageId}
      size="sm"
      className="result-modal"
    >
      <p
        id={messageId}
        className="result-message"
        data-variant={failed ? 'danger' : 'success'}
        role={failed ? 'alert' : 'status'}
      >
        <Icon aria-hidden="true" />
        <span>{result?.message}</span>
      </p>
    </Modal>
  );
}
