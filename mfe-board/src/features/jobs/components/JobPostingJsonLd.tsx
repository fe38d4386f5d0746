import type { Job } from '@jobboard/contract';
import { useHydrated } from '@jobboard/shared-ui';
import { jobPostingLd, serializeLd } from '../lib/job-posting-ld';

/**
 * The open job's schema.org `JobPosting`, for search engines (docs/architecture.md, discovery).
 * It names the page's own origin, which only the browser knows here: added once the page is
 * live, so the server's HTML and the browser's first render stay the same.
 */
export function JobPostingJsonLd({ job }: { job: Job }) {
  const hydrated = useHydrated();
  const data = hydrated ? jobPostingLd(job, window.location.origin) : null;
  if (!data) return null;
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeLd(data) }} />
  );
}
