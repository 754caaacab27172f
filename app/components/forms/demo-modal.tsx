// The navbar's Book a Demo modal (spec 2): loaded on first open, with the country list the server
// builds (GET /forms/countries, requested once per page load: countries-request.ts); the form
// inside starts afresh on every opening.
import { useEffect, useState } from 'react';
import { href } from 'react-router';
import { SubmissionStatus } from '../../../common/constants.ts';
import { track } from '../../lib/analytics/track.ts';
import { browserTimeZone, type DemoCountries } from '../../lib/country-options.ts';
import { requestCountries } from '../../lib/countries-request.ts';
import { Alert } from '../ui/alert.tsx';
import { Modal } from '../ui/modal.tsx';
import { DemoForm } from './demo-form.tsx';

type DemoModalProps = {
  open: boolean;
  resetKey: number;
  onClose: () => void;
};

export default function DemoModal({ open, resetKey, onClose }: DemoModalProps) {
  const [countries, setCountries] = useState<DemoCountries | null | undefined>(undefined);

  useEffect(() => {
    if (open) track('demo_modal_opened');
  }, [open]);

  // A list that failed to load is asked for again at the next opening.
  useEffect(() => {
    if (!open && countries === null) setCountries(undefined);
  }, [open, countries]);

  useEffect(() => {
    if (!open || countries !== undefined) return;
    let current = true;
    requestCountries().then((data) => current && setCountries(data));
    return () => {
      current = false;
    };
  }, [open, countries]);

  // The modal waits for the list (the link preloads it on hover and focus), so focus can land
  // on the first field when it opens.
  return (
    <Modal open={open && countries !== undefined} title="Book a demo" onClose={onClose} size="lg">
      <p className="form-intro">See Haulora run your own jobs, drivers and fleet. We reply within one business day.</p>
      {countries ? (
        <DemoForm
          key={resetKey}
          countries={countries.countries}
          onRequested={onClose}
          booking={{ zone: browserTimeZone() ?? 'UTC' }}
        />
      ) : (
        <Alert status={SubmissionStatus.Error}>
          The form could not be loaded. Please check your connection, or{' '}
          <a href={href('/request-demo')}>open the demo request page</a>.
        </Alert>
      )}
    </Modal>
  );
}
