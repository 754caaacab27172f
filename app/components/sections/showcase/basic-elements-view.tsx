// The showcase's Basic elements view: buttons, inputs, input groups, checkboxes, radios,
// toggles, alerts, the date picker and pagination, each the component the site uses.
import { Search } from 'lucide-react';
import { useState } from 'react';
import { href } from 'react-router';
import { SubmissionStatus } from '../../../../common/constants.ts';
import { INQUIRY_TYPES } from '../../../../common/inquiry-types.ts';
import type { ShowcaseContent } from '../../../../content/showcase.schema.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, ButtonLink, type ButtonVariant } from '../../ui/button.tsx';
import { Checkbox, Radio } from '../../ui/choice.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Field, InputField, TextareaField } from '../../ui/field.tsx';
import { InputGroup } from '../../ui/input-group.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { Switch } from '../../ui/switch.tsx';
import { Specimen } from './specimen.tsx';

const LIGHT_VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost'];
/** Spec 9: the showcase's pagination starts on page 4 of 5. */
const PAGINATION_DEFAULTS = { page: 4, pageCount: 5 };

export function BasicElementsView({ content, today }: { content: ShowcaseContent; today: string }) {
  const { specimens, jobTypes } = content;
  const [pickup, setPickup] = useState(today);
  const [page, setPage] = useState(PAGINATION_DEFAULTS.page);
  return (
    <>
      <Specimen {...specimens.buttons}>
        <div className="showcase-row">
          {LIGHT_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant[0]!.toUpperCase() + variant.slice(1)}
            </Button>
          ))}
          <Button disabled>Disabled</Button>
        </div>
        <div className="showcase-row">
          {LIGHT_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant} size="sm">
              Small {variant}
            </Button>
          ))}
          <ButtonLink to={href('/features')} variant="secondary" size="sm">
            A link as a button
          </ButtonLink>
        </div>
        <div className="showcase-row showcase-dark">
          <Button variant="inverse">Inverse</Button>
          <Button variant="inverse" size="sm">
            Small inverse
          </Button>
          <Button>Primary on dark</Button>
        </div>
      </Specimen>

      <Specimen {...specimens.inputs}>
        <div className="showcase-form">
          <InputField
            name="showcase-name"
            label="Full name"
            autoComplete="name"
            hint="As it appears on your driver licence."
          />
          <InputField
            name="showcase-email"
            type="email"
            label="Work email"
            autoComplete="email"
            error="Email is required"
          />
          <Field name="showcase-inquiry" label="Inquiry type">
            {(control) => (
              <select className="field-control" {...control} defaultValue="1">
                {Object.entries(INQUIRY_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextareaField name="showcase-message" label="Message" rows={3} />
        </div>
      </Specimen>

      <Specimen {...specimens.inputGroups}>
        <div className="showcase-form">
          <Field name="showcase-search" label="Search documents">
            {(control) => (
              <InputGroup start={<Search />}>
                <input className="input-group-control" type="search" {...control} />
              </InputGroup>
            )}
          </Field>
          <Field name="showcase-rate" label="Hourly rate (dollars per hour)">
            {(control) => (
              <InputGroup start="$" end="/ hour">
                <input className="input-group-control" type="text" inputMode="decimal" {...control} />
              </InputGroup>
            )}
          </Field>
          <Field name="showcase-odometer" label="Odometer (kilometres)">
            {(control) => (
              <InputGroup end="km">
                <input className="input-group-control" type="text" inputMode="numeric" {...control} />
              </InputGroup>
            )}
          </Field>
        </div>
      </Specimen>

      <Specimen {...specimens.choices}>
        <div className="showcase-columns">
          <fieldset className="showcase-fieldset">
            <legend>Remind me before these expire</legend>
            <Checkbox name="showcase-reminders" value="licence" label="Driver licences" defaultChecked />
            <Checkbox
              name="showcase-reminders"
              value="registration"
              label="Registrations"
              hint="Trucks and trailers"
              defaultChecked
            />
            <Checkbox name="showcase-reminders" value="insurance" label="Insurance" />
          </fieldset>
          <fieldset className="showcase-fieldset">
            <legend>Job type</legend>
            {jobTypes.map((type, index) => (
              <Radio
                key={type.label}
                name="showcase-job-type"
                value={type.label}
                label={type.label}
                defaultChecked={index === 0}
              />
            ))}
          </fieldset>
        </div>
      </Specimen>

      <Specimen {...specimens.toggles}>
        <div className="showcase-stack">
          <Switch name="showcase-autopilot" label="Breach autopilot mode" />
          <Switch name="showcase-summary" label="Email me a daily summary" defaultChecked />
          <Switch name="showcase-locked" label="Accept breach responses (set by an administrator)" disabled />
        </div>
      </Specimen>

      <Specimen {...specimens.alerts}>
        <div className="showcase-stack">
          <Alert status={SubmissionStatus.Loading} announce={false}>
            Sending your message…
          </Alert>
          <Alert status={SubmissionStatus.Error} announce={false}>
            Error!
          </Alert>
          <Alert status={SubmissionStatus.Success} announce={false}>
            Success!
          </Alert>
        </div>
      </Specimen>

      <Specimen {...specimens.icons}>
        <div className="showcase-row">
          <ButtonLink to={href('/nucleoicons')} variant="secondary">
            Open the icon gallery
          </ButtonLink>
        </div>
      </Specimen>

      <Specimen {...specimens.datePicker}>
        <DatePicker label="Pickup date" value={pickup} onChange={setPickup} today={today} />
      </Specimen>

      <Specimen {...specimens.pagination}>
        <Pagination label="Sample pages" page={page} pageCount={PAGINATION_DEFAULTS.pageCount} onPageChange={setPage} />
      </Specimen>
    </>
  );
}
