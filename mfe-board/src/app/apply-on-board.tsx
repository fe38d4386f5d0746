import type { ReactNode } from 'react';
import { ApplicationDialog } from '../features/apply/components/ApplicationDialog';
import { ApplicationDialogContext } from '../lib/application-dialog';

/**
 * Gives the jobs feature's Apply buttons the apply feature's dialog (docs/product.md#applying):
 * the pages that show jobs (the board, a job's page, the bookmarks) wrap their content in it.
 */
export function ApplyOnBoard({ children }: { children: ReactNode }) {
  return (
    <ApplicationDialogContext.Provider value={ApplicationDialog}>
      {children}
    </ApplicationDialogContext.Provider>
  );
}
