// Who owns a submission, the form that gives it to someone (or takes it), and "Mark unread": two
// staff forms on the one form pattern (use-staff-form.ts).
import { changeOwner, type InboxKind, type ItemDetail, markUnread } from './inbox-client.ts';
import { FormShell } from '../components/forms/form-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { SelectField } from '../components/ui/field.tsx';
import { useInboxState } from './inbox-store.ts';
import { useStaffForm } from './use-staff-form.ts';

type OwnerPanelProps = { kind: InboxKind; id: number; owner: string | null; onSaved: (detail: ItemDetail) => void };

export function OwnerPanel({ kind, id, owner, onSaved }: OwnerPanelProps) {
  const { staff } = useInboxState();
  const names = [...new Set([...(staff?.staff.map((member) => member.username) ?? []), ...(owner ? [owner] : [])])];
  const me = staff?.me;
  const form = useStaffForm({
    initial: { owner: owner ?? '' },
    // '' in the list is nobody: null for the API.
    input: (values) => ({ owner: values.owner || null }),
    check: 'owner',
    loading: 'Saving the owner…',
    send: (data) => changeOwner(kind, id, data.owner as string | null),
    success: (detail) => (detail.item.owner ? `Given to ${detail.item.owner}.` : 'Given to nobody.'),
    saved: onSaved,
    keep: (values) => values,
  });

  function takeIt(username: string) {
    form.set('owner', username);
    form.formRef.current?.requestSubmit();
  }

  return (
    <section className="inbox-panel" aria-labelledby="inbox-owner-title">
      <h2 id="inbox-owner-title">Owner</h2>
      <p className="inbox-current-owner">{owner ? <>Owned by {owner}</> : 'Nobody owns this yet.'}</p>
      <FormShell
        form={form}
        className="inbox-status-form"
        label="Give this submission to someone"
        actions={
          <div className="inbox-owner-actions">
            <Button type="submit" variant="secondary" disabled={form.values.owner === (owner ?? '')}>
              Save owner
            </Button>
            {me && owner !== me ? (
              <Button size="sm" variant="ghost" onClick={() => takeIt(me)}>
                Take it
              </Button>
            ) : null}
          </div>
        }
      >
        <SelectField
          label="Give to"
          options={[['', 'Nobody'], ...names.map((name) => [name, name] as const)]}
          {...form.field('owner')}
        />
      </FormShell>
      <UnreadForm kind={kind} id={id} />
    </section>
  );
}

/** Marks the submission unread for me: bold in the list again until I open it. */
function UnreadForm({ kind, id }: { kind: InboxKind; id: number }) {
  const form = useStaffForm({
    initial: {},
    loading: 'Marking it unread…',
    send: () => markUnread(kind, id),
    success: () => 'Marked unread: it shows in bold in the list until you open it again.',
  });
  return (
    <FormShell
      form={form}
      className="inbox-status-form"
      label="Mark unread"
      actions={
        <Button type="submit" size="sm" variant="ghost">
          Mark unread
        </Button>
      }
    />
  );
}
