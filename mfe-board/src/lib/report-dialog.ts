import type { Job } from '@jobboard/contract/jobs';
import { createContext, type ComponentType } from 'react';

export interface ReportDialogProps {
  job: Job;
  open: boolean;
  onClose(): void;
}

/**
 * The board's 'Report this listing' dialog (features/report, issue 45), which a page (src/app)
 * gives the jobs feature's job detail: one feature never imports another. Where no page gave it,
 * the detail has no such button.
 */
export const ReportDialogContext = createContext<ComponentType<ReportDialogProps> | null>(null);
