import type { Job } from '@jobboard/contract/jobs';
import { createContext, type ComponentType } from 'react';

export interface ApplicationDialogProps {
  job: Job;
  open: boolean;
  onClose(): void;
}

/**
 * The board's application dialog (features/apply), which a page (src/app) gives the jobs
 * feature's Apply buttons: one feature never imports another. Where no page gave it, the button
 * stays what it is before the page is live, a link to the server-drawn form.
 */
export const ApplicationDialogContext = createContext<ComponentType<ApplicationDialogProps> | null>(
  null,
);
