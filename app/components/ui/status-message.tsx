// A short message that is announced politely and shown for MODAL_AUTO_CLOSE_MS (the spec's 2 s),
// never taking the focus or blocking typing: the 'Signed In!' of a full page load (issue 31). The
// live region is in the page from the start, so screen readers announce what appears in it.
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { MODAL_AUTO_CLOSE_MS } from '../../../common/constants.ts';
import './status-message.css';

export function StatusMessage({ message, onDone }: { message: string | null; onDone: () => void }) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => done.current(), MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div className="status-message" role="status" aria-live="polite" data-shown={message ? 'true' : undefined}>
      {message ? (
        <p>
          <CircleCheck aria-hidden="true" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
