// The staff forms' browser checks, with the schemas and words the inbox's API uses
// (common/inbox.ts), so a form says what the API would. Loaded on first use, like the public
// forms' (validate-form.ts).
import { INBOX_MESSAGES, noteBodySchema, ownerBodySchema, statusBodySchema } from '../../common/inbox.ts';
import { type Check, checkWith } from './validate-form.ts';

/** The bulk change before its ids are known (the list reads them once it is sent): the API's
 * rule that it names a status, an owner or both, said on the status field. */
const bulk: Check = (input) => {
  const change = input as { status?: unknown; owner?: unknown };
  if (change.status === undefined && change.owner === undefined)
    return { ok: false, errors: { status: INBOX_MESSAGES.bulkEmpty } };
  return { ok: true, data: change };
};

export const STAFF_CHECKS = {
  note: checkWith(noteBodySchema),
  owner: checkWith(ownerBodySchema),
  status: checkWith(statusBodySchema),
  bulk,
};
