import { ORGANIZATION_TEXTS } from '@jobboard/contract/jobs';
import { useSimilarJobs } from '../api/organization';
import { JobLines } from './JobLines';

/** A few open jobs like this one, under a job's details (docs/product.md#organisation-pages). */
export function SimilarJobs({ jobId }: { jobId: string }) {
  const { data } = useSimilarJobs(jobId);
  if (!data?.length) return null;
  return (
    <section aria-labelledby={`similar-${jobId}`}>
      <h3 id={`similar-${jobId}`}>{ORGANIZATION_TEXTS.similarJobs}</h3>
      <JobLines jobs={data} showCompany />
    </section>
  );
}
