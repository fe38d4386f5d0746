import type { ReactNode } from 'react';
import { ReportDialog } from '../features/report/components/ReportDialog';
import { ReportDialogContext } from '../lib/report-dialog';

/**
 * Gives the jobs feature's job detail the report feature's dialog (docs/product.md#reports): the
 * board's page, and a job's page over it, wrap their content in it, on the server as in the
 * browser, so the first view draws the same button.
 */
export function ReportOnBoard({ children }: { children: ReactNode }) {
  return (
    <ReportDialogContext.Provider value={ReportDialog}>{children}</ReportDialogContext.Provider>
  );
}
