// The hidden parts of every native form: the visitor's CSRF token (`_csrf`, checked by the page
// action), the path to come back to from the result page (`_back`), and on public forms the
// honeypot field that only bots fill in (HONEYPOT_FIELD; the server stores such a submission
// flagged as spam and answers it like any other), and the page's idempotency key, so a post sent
// twice (a double click, a resend after a lost answer) is stored once.
import { useLocation } from 'react-router';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, MAX_LENGTH } from '../../../common/constants.ts';
import { BACK_FIELD, CSRF_FIELD, useFormSettings } from '../../lib/form-fields.ts';
import './forms.css';

export function FormMeta({ back, honeypot = true }: { back?: string; honeypot?: boolean }) {
  const settings = useFormSettings();
  const location = useLocation();
  return (
    <>
      <input type="hidden" name={CSRF_FIELD} value={settings?.csrfToken ?? ''} />
      <input type="hidden" name={BACK_FIELD} value={back ?? location.pathname + location.search} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={settings?.idempotencyKey ?? ''} />
      {honeypot ? (
        <div className="honeypot" aria-hidden="true">
          <label>
            Website (leave this empty)
            <input
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              maxLength={MAX_LENGTH.honeypot}
              defaultValue=""
            />
          </label>
        </div>
      ) : null}
    </>
  );
}
