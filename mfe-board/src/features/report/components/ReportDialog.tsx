import { REPORT_TEXTS } from '@jobboard/contract/jobs';
import { Modal, Spinner } from '@jobboard/shared-ui';
import { lazy, Suspense } from 'react';
import type { ReportDialogProps } from '../../../lib/report-dialog';

// The form (and react-final-form) load when the dialog first opens: the board's first view
// carries none of it.
const ReportForm = lazy(() => import('./ReportForm'));

/**
 * 'Report this listing' (docs/product.md#reports, issue 45): the shared dialog (focus kept inside
 * and given back to the button, Escape and the overlay close it), named as the button, the job
 * under its title, the form inside.
 */
export function ReportDialog({ job, open, onClose }: ReportDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={REPORT_TEXTS.title}
      description={`${job.title} at ${job.company.name}`}
    >
      <Suspense fallback={<Spinner label={REPORT_TEXTS.title} />}>
        <ReportForm job={job} onSent={onClose} onCancel={onClose} />
      </Suspense>
    </Modal>
  );
}
