// A submission's status and the form that changes it (the one form pattern, use-staff-form.ts):
// the statuses the API allows from here, or for spam the one way out, "Move back to New".
import { changeStatus, type InboxKind, type InboxStatus, type ItemDetail, STATUS_LABELS } from './inbox-client.ts';
import { FormShell } from '../components/forms/form-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { SelectField } from '../components/ui/field.tsx';
import { StatusBadge } from './inbox-parts.tsx';
import { useStaffForm } from './use-staff-form.ts';

type StatusPanelProps = {
  kind: InboxKind;
  id: number;
  status: InboxStatus;
  /** The statuses the API allows from here (spam moves back to New only). */
  nextStatuses: InboxStatus[];
  honeypot: boolean;
  onSaved: (detail: ItemDetail) => void;
};

export function StatusPanel({ kind, id, status, nextStatuses, honeypot, onSaved }: StatusPanelProps) {
  const spam = status === 'spam';
  const form = useStaffForm({
    initial: { status: spam ? 'new' : status },
    check: 'status',
    loading: 'Saving the status…',
    send: (data) => changeStatus(kind, id, data.status as InboxStatus),
    success: (detail) => `Status changed to ${STATUS_LABELS[detail.item.status]}.`,
    saved: onSaved,
    keep: (values) => values,
  });
  return (
    <section className="inbox-panel" aria-labelledby="inbox-status-title">
      <h2 id="inbox-status-title">Status</h2>
      <p className="inbox-current-status">
        <StatusBadge status={status} />
      </p>
      <FormShell
        form={form}
        className="inbox-status-form"
        label="Change the status"
        actions={
          spam ? null : (
            <Button type="submit" variant="secondary" disabled={form.values.status === status}>
              Save status
            </Button>
          )
        }
      >
        {spam ? (
          <div className="inbox-spam">
            <p>
              {honeypot
                ? 'The spam trap caught this submission: a hidden field only bots fill in was filled.'
                : 'Marked as spam by staff.'}
            </p>
            <Button type="submit" size="sm">
              Move back to New
            </Button>
          </div>
        ) : (
          <SelectField
            label="Change status to"
            options={[status, ...nextStatuses.filter((option) => option !== status)].map(
              (option) => [option, STATUS_LABELS[option]] as const,
            )}
            {...form.field('status')}
          />
        )}
      </FormShell>
    </section>
  );
}
