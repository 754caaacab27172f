// Export of the inbox list (CSV or Excel): the filtered list, or only the selected rows. The file
// is fetched with the staff token and handed to the browser as a download.
import { useState } from 'react';
import { exportUrl, fetchBlob } from './inbox-client.ts';
import { useSignInAgain } from './inbox-shell.tsx';
import type { Selection } from './use-inbox-selection.ts';
import type { InboxView } from './inbox-view.ts';

export type ExportState = 'idle' | 'busy' | { error: string };

export function useInboxExport(view: InboxView, selection: Selection) {
  const signInAgain = useSignInAgain();
  const [exporting, setExporting] = useState<ExportState>('idle');

  async function download(format: 'csv' | 'xlsx', onlySelected: boolean) {
    setExporting('busy');
    const filters = onlySelected && !selection.all ? { ...view, ids: [...selection.ids] } : view;
    const url = exportUrl(view.kind, filters, format);
    const result = await fetchBlob(url);
    if (!result.ok) {
      if (result.reason === 'unauthorized') return signInAgain();
      setExporting({ error: result.message });
      return;
    }
    const objectUrl = URL.createObjectURL(result.data.blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = result.data.fileName ?? `haulora-${view.kind}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy once it has started.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    setExporting('idle');
  }

  return { exporting, busy: exporting === 'busy', download };
}
