// The list's bulk form (the one form pattern, use-staff-form.ts): a status, an owner or both for
// every selected submission, all or nothing. It stays on the page once the change has cleared
// the selection, to say what was changed.
import type { ReactNode } from 'react';
import type { ApiResult } from '../lib/api-client.ts';
import {
  type BulkAnswer,
  bulkChange,
  INBOX_STATUSES,
  type InboxKind,
  type InboxStatus,
  isInboxStatus,
  OWNER_NONE,
  STATUS_LABELS,
} from './inbox-client.ts';
import { FormShell } from '../components/forms/form-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { SelectField } from '../components/ui/field.tsx';
import { useStaffForm } from './use-staff-form.ts';

type BulkFormProps = {
  kind: InboxKind;
  selectedCount: number;
  staffNames: string[];
  /** The selected ids, or why they cannot be had (too many). */
  selectedIds: () => Promise<number[] | string>;
  onSaved: () => void;
  /** The other things to do with the selection (export it). */
  children: ReactNode;
};

type Change = { status?: InboxStatus; owner?: string | null };

/** The change the form's values ask for: '' leaves a column as it is. */
function changeOf({ status, owner }: { status: string; owner: string }): Change {
  return {
    ...(isInboxStatus(status) ? { status } : {}),
    ...(owner === OWNER_NONE ? { owner: null } : owner ? { owner } : {}),
  };
}

export function BulkForm({ kind, selectedCount, staffNames, selectedIds, onSaved, children }: BulkFormProps) {
  const form = useStaffForm({
    initial: { status: '', owner: '' },
    input: changeOf,
    check: 'bulk',
    loading: 'Applying the change…',
    send: async (data): Promise<ApiResult<BulkAnswer>> => {
      const ids = await selectedIds();
      if (typeof ids === 'string') return { kind: 'errorInfo', message: ids, status: 400 };
      return bulkChange(kind, { ids, ...(data as Change) });
    },
    success: ({ changed }, data) => {
      const { status, owner } = data as Change;
      const what = status ? `moved to ${STATUS_LABELS[status]}` : owner ? `given to ${owner}` : 'unassigned';
      return `${changed} ${changed === 1 ? 'submission' : 'submissions'} ${what}.`;
    },
    saved: onSaved,
  });
  // Nothing selected: only what the last change said, if anything.
  if (selectedCount === 0 && !form.status) return null;
  return (
    <FormShell
      form={form}
      className="inbox-bulk"
      label="Change the selected submissions"
      actions={
        selectedCount > 0 ? (
          <div className="inbox-bulk-actions">
            <Button type="submit" size="sm">
              Apply to selected
            </Button>
            {children}
          </div>
        ) : null
      }
    >
      {selectedCount > 0 ? (
        <>
          <p className="inbox-bulk-count" role="status">
            {selectedCount} selected
          </p>
          <SelectField
            label="Set status"
            options={[['', 'Leave as is'], ...INBOX_STATUSES.map((status) => [status, STATUS_LABELS[status]] as const)]}
            {...form.field('status')}
          />
          <SelectField
            label="Set owner"
            options={[['', 'Leave as is'], [OWNER_NONE, 'Nobody'], ...staffNames.map((name) => [name, name] as const)]}
            {...form.field('owner')}
          />
        </>
      ) : null}
    </FormShell>
  );
}
