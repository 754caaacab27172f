// The Content area's words (issue 19): its refusals, the field messages its schemas use
// (common/content.ts) and the import's limits, in a module without zod, so the Content pages'
// browser code can say them without loading the schemas.

/** Most rows one CSV import takes. */
export const IMPORT_MAX_ROWS = 2000;

export const CONTENT_MESSAGES = {
  forbidden: 'Your staff role does not allow this. Ask an admin.',
  /** The Content area refused to a staff role that cannot edit content (the 403 page). */
  roleRefusedTitle: 'Your role cannot edit content',
  roleRefused: (role: string) =>
    `You are signed in with the ${role} role, which cannot edit the site's content: only admins can. Your work is in the inbox. If you need a change on the site, ask an admin, or sign out and sign in with an admin account.`,
  /** A Content post that found the sign-in over: what was typed is kept, not lost. */
  sessionEnded:
    'Your sign-in has ended, so nothing was saved. Sign in again: what you typed is kept and comes back in the form.',
  restored: 'Signed in again. What you typed is back in the form below: check it, then save.',
  unsaved: 'You have changes that are not saved. Leave this page and lose them?',
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  duplicateQuestion: 'This question is already in the FAQ.',
  duplicateTerm: 'This term is already in this category.',
  versionRequired: 'The version you opened is required',
  changedSince: (username: string, at: string) =>
    `Changed by ${username} at ${at} since you opened it. Nothing was saved: compare with their version, then save again to replace it.`,
  deletedSince: 'This item was deleted since you opened it.',
  orderChanged: 'The FAQ changed since you opened it. Reload the list and try again.',
  orderChangedBy: (username: string, at: string) =>
    `The order was changed by ${username} at ${at} since you opened it. Nothing was moved: check the list below and try again.`,
  nothingToUndo: 'There is no change of order to undo.',
  noSuchVersion: 'There is no such earlier version of this item.',
  categoryMissing: 'There is no such category.',
  importEmpty: 'The CSV has no rows.',
  importHeader: 'The first line must be the columns: category,term,description (id optional).',
  importTooLarge: `The CSV may have at most ${IMPORT_MAX_ROWS} rows.`,
  importRefused: 'Nothing was imported: fix the refused rows first.',
  // Drafts, schedule, trash (decision 052).
  badStatus: 'Status must be "draft" or "published"',
  badPublishAt: 'Publish at must be a date and time with its time zone, such as 2026-12-01T09:00:00Z',
  publishAtPast: 'Publish at must be in the future.',
  publishAtDraftOnly: 'Only a draft can be scheduled: send "status": "draft" with "publish_at".',
  nothingToPublish: 'There is no draft to publish: the site already shows this version.',
  inTrash: 'This item is in the trash. Restore it from the trash to edit it.',
  notInTrash: 'This item is not in the trash.',
  duplicateInTrash: 'An item with this text is in the trash: restore it from there instead.',
  scheduleFailed: (publishAt: string, reason: string) =>
    `Not published at ${publishAt}: ${reason} The schedule was taken away and the draft kept: fix it, then publish it or schedule it again.`,
  // A page form's autosave (issue 31, decision 059).
  autosaveMissing: 'The typed document is missing.',
  autosaveTooLong: 'The typed document is too long to autosave.',
  autosaveRestored: 'is back in the form (autosaved, not yet saved).',
} as const;
