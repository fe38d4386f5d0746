import { REPORT_TEXTS, type Job } from '@jobboard/contract/jobs';
import { Button } from '@jobboard/shared-ui';
import { useContext, useState } from 'react';
import { ReportDialogContext } from '../../../lib/report-dialog';

/**
 * 'Report this listing' under a live job's detail (docs/product.md#reports): it opens the report
 * dialog the page gives (lib/report-dialog.ts). A plain button, drawn by the server too; it acts
 * once the page is live.
 */
export function ReportAction({ job }: { job: Job }) {
  const Dialog = useContext(ReportDialogContext);
  const [open, setOpen] = useState(false);
  if (!Dialog) return null;
  return (
    <div>
      <Button type="button" $variant="ghost" $size="sm" onClick={() => setOpen(true)}>
        {REPORT_TEXTS.button}
      </Button>
      <Dialog job={job} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
