import { APPLICATION_LABELS } from '@jobboard/contract/applications';
import { Modal, Spinner } from '@jobboard/shared-ui';
import { lazy, Suspense } from 'react';
import type { ApplicationDialogProps } from '../../../lib/application-dialog';
import { APPLY_TEXT } from '../messages';

// The form (and react-final-form) load when a dialog first opens: the board's first view
// carries none of it.
const ApplicationForm = lazy(() => import('./ApplicationForm'));

/**
 * The application dialog of a job that takes applications on the board (docs/product.md#applying):
 * the shared dialog (focus kept inside and given back to the Apply button, Escape and the overlay
 * close it), named by the job, the form inside. Closing keeps what was typed (the form's draft).
 */
export function ApplicationDialog({ job, open, onClose }: ApplicationDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={APPLICATION_LABELS.title(job.title)}
      description={APPLICATION_LABELS.at(job.company.name)}
    >
      <Suspense fallback={<Spinner label={APPLY_TEXT.loading} />}>
        <ApplicationForm job={job} onSent={onClose} />
      </Suspense>
    </Modal>
  );
}
