import type { Job } from '@jobboard/contract';
import { jobPostingLd, serializeLd } from '../lib/job-posting-ld';

/** The open job's schema.org `JobPosting`, for search engines (docs/architecture.md, discovery). */
export function JobPostingJsonLd({ job }: { job: Job }) {
  const data = jobPostingLd(job, window.location.origin);
  if (!data) return null;
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeLd(data) }} />
  );
}
