// What the demo and contact forms show before their submit button (issue 7, privacy): the
// optional product-news checkbox, unticked until the visitor ticks it (posted as
// marketing_consent=yes), and one line saying what is kept and for how long, linking to /privacy.
// The words come from content/privacy.yaml through the root loader.
import { href, Link } from 'react-router';
import { useFormSettings } from '../../lib/form-fields.ts';
import { Checkbox } from '../ui/choice.tsx';

/** The value a ticked box posts; the schema reads 'yes', 'on', 'true' and true as ticked. */
export const CONSENT_VALUE = 'yes';

type ConsentFieldsProps = { checked: boolean; onChange: (checked: boolean) => void };

export function ConsentFields({ checked, onChange }: ConsentFieldsProps) {
  const copy = useFormSettings()?.privacy;
  if (!copy) return null;
  return (
    <>
      <Checkbox
        name="marketing_consent"
        value={CONSENT_VALUE}
        label={copy.consentLabel}
        className="consent-choice"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <p className="form-note storage-notice">
        {copy.storageNotice} <Link to={href('/privacy')}>{copy.noticeLink}</Link>
      </p>
    </>
  );
}
