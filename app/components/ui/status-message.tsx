// A short message that is announced politely and shown for MODAL_AUTO_CLOSE_MS (the spec's 2 s),
// never taking the focus or blocking typing: the 'Signed In!' of a full page load (issue 31). The
// live region is in the page from the start, so screen readers announce what appears in it. Once
// hydrated it lives at the end of <body>: the navbar that owns it is folded away on a phone, and a
// message inside a hidden menu would be neither seen nor announced.
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_AUTO_CLOSE_MS } from '../../../common/constants.ts';
import './status-message.css';

export function StatusMessage({ message, onDone }: { message: string | null; onDone: () => void }) {
  const done = useRef(onDone);
  done.current = onDone;
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(document.body), []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => done.current(), MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const region = (
    <div className="status-message" role="status" aria-live="polite" data-shown={message ? 'true' : undefined}>
      {message ? (
        <p>
          <CircleCheck aria-hidden="true" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
  return host ? createPortal(region, host) : region;
}
