import { jobToAdminForm } from '@jobboard/contract/admin';
import { EXPERIENCE_NOT_SPECIFIED, isoDate } from '@jobboard/contract/common';
import { DEFAULT_PAY_PERIOD } from '@jobboard/contract/jobs';
import { Spinner, errorMessage, toast } from '@jobboard/shared-ui';
import { useEffect, useMemo } from 'react';
import { useParams } from '@jobboard/shared-ui/router';
import { useAdminJob } from '../../features/jobs/api/admin-job';
import { JobForm, toFormValues, type JobFormValues } from '../../features/jobs/components/JobForm';
import { useSaveJob } from '../../features/jobs/hooks/use-save-job';
import { JOB_MESSAGES } from '../../features/jobs/messages';
import { PageHeader } from '../../lib/ui';

const today = () => isoDate(new Date());

const EMPTY: JobFormValues = {
  title: '',
  organization: '',
  applicationUrl: '',
  description: '',
  category: [],
  locations: [],
  jobType: 'Full-time',
  via: '',
  postedDate: today(),
  deadline: '',
  salaryMin: '',
  salaryMax: '',
  salaryPeriod: DEFAULT_PAY_PERIOD,
  salaryCurrency: '',
  benefitsSummary: '',
  salaryText: '',
  experienceLevel: EXPERIENCE_NOT_SPECIFIED,
  companyWebsite: '',
  logoUrl: '',
  responsibilities: [],
  requirements: [],
  benefits: [],
  active: true,
  featured: false,
};

/** /admin/jobs/new and /admin/jobs/edit/{id}: save, then back to the dashboard. */
export default function JobFormPage() {
  const { id } = useParams();
  const { data: job, error } = useAdminJob(id);
  const save = useSaveJob(id);

  useEffect(() => {
    if (error)
      toast({
        title: JOB_MESSAGES.fetchFailed,
        description: errorMessage(error, JOB_MESSAGES.fetchFailed),
        variant: 'destructive',
      });
  }, [error]);

  const initialValues = useMemo(
    () => (job ? toFormValues(jobToAdminForm(job, today())) : { ...EMPTY, postedDate: today() }),
    [job],
  );

  if (id && !job && !error) return <Spinner label={JOB_MESSAGES.loadingJob} />;
  return (
    <>
      <PageHeader>
        <h1>{id ? JOB_MESSAGES.editTitle : JOB_MESSAGES.newTitle}</h1>
      </PageHeader>
      {id && error ? (
        <p role="alert">{JOB_MESSAGES.fetchFailed}</p>
      ) : (
        <JobForm
          key={job?.id ?? 'new'}
          initialValues={initialValues}
          submitLabel={id ? JOB_MESSAGES.updateButton : JOB_MESSAGES.createButton}
          onSave={save}
          storedExperience={job?.experienceLevel}
          employerListing={Boolean(job?.submissionId)}
        />
      )}
    </>
  );
}
