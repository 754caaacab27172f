// The state every enhanced form shares (spec 4): the submission status (1 loading, 2 error,
// 3 success) with the message of its alert, and the result the result modal shows.
import { useCallback, useState } from 'react';
import { SubmissionStatus } from '../../common/constants.ts';
import type { SubmissionResult } from '../components/ui/result-modal.tsx';

export type Submission = {
  status: SubmissionStatus | null;
  message: string;
  /** What the result modal shows; null once it has closed. */
  result: SubmissionResult | null;
  busy: boolean;
  start(message: string): void;
  finish(result: SubmissionResult): void;
  closeResult(): void;
};

/** `initial` is a refusal the server rendered (a post without JavaScript). */
export function useSubmission(initial?: { message: string } | null): Submission {
  const [status, setStatus] = useState<SubmissionStatus | null>(initial ? SubmissionStatus.Error : null);
  const [message, setMessage] = useState(initial?.message ?? '');
  const [result, setResult] = useState<SubmissionResult | null>(null);
  const closeResult = useCallback(() => setResult(null), []);
  return {
    status,
    message,
    result,
    busy: status === SubmissionStatus.Loading,
    start(loadingMessage) {
      setStatus(SubmissionStatus.Loading);
      setMessage(loadingMessage);
      setResult(null);
    },
    finish(outcome) {
      setStatus(outcome.status);
      setMessage(outcome.message);
      setResult(outcome);
    },
    closeResult,
  };
}
