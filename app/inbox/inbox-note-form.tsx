// The form that adds an internal note to a submission (the one form pattern, use-staff-form.ts).
// The draft is kept per submission in this browser as it is typed, so a sign-in that ends, a
// reload or a closed tab loses nothing; it is cleared once the note is saved.
import { addNote, type InboxKind, type ItemDetail, NOTE_MAX_LENGTH } from './inbox-client.ts';
import { FormShell } from '../components/forms/form-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { TextareaField } from '../components/ui/field.tsx';
import { useStaffForm } from './use-staff-form.ts';

export function NoteForm({
  kind,
  id,
  onSaved,
}: {
  kind: InboxKind;
  id: number;
  onSaved: (detail: ItemDetail) => void;
}) {
  const form = useStaffForm({
    initial: { note: '' },
    draft: `note/${kind}/${id}`,
    check: 'note',
    field: 'note',
    loading: 'Adding the note…',
    send: (data) => addNote(kind, id, String(data.note)),
    success: () => 'Note added.',
    saved: onSaved,
  });
  return (
    <FormShell
      form={form}
      className="inbox-note-form"
      label="Add a note"
      actions={
        <Button type="submit" variant="secondary">
          Add note
        </Button>
      }
    >
      <TextareaField
        label="Internal note"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        hint={`Only staff see notes. Up to ${NOTE_MAX_LENGTH} characters.`}
        {...form.field('note')}
      />
    </FormShell>
  );
}
