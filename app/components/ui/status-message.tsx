// A short message that is announced politely and shown for MODAL_AUTO_CLOSE_MS (the spec's 2 s),
// never taking the focus or blocking typing: the 'Signed In!' of a full page load (issue 31). The
// live region is put at the end of <body> as soon as the page is hydrated, before any message can
// come (they follow a request), so screen readers announce what appears in it: not inside the
// navbar that owns it, which is folded away on a phone (a message in a hidden menu is neither
// seen nor announced), and not in the server's HTML, where without JavaScript nothing would ever
// fill it.
import { CircleCheck } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_AUTO_CLOSE_MS } from '../../../common/constants.ts';
import './status-message.css';

export function StatusMessage({ message, onDone }: { message: string | null; onDone: () => void }) {
  const done = useRef(onDone);
  done.current = onDone;
  const [host, setHost] = useState<HTMLElement | null>(null);
  // A transition: the region comes with the hydration's other switches, not in a render of its own.
  useEffect(() => startTransition(() => setHost(document.body)), []);
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
  return host ? createPortal(region, host) : null;
}
