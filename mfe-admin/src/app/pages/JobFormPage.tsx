import { jobToAdminForm, type AdminJobForm } from '@jobboard/contract';
import { ApiError, Spinner, errorMessage, toast } from '@jobboard/shared-ui';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from '@jobboard/shared-ui/router';
import { useSWRConfig } from 'swr';
import { adminJobsKey } from '../../features/jobs/api/admin-jobs';
import { adminJobKey, useAdminJob } from '../../features/jobs/api/admin-job';
import { createJob, updateJob } from '../../features/jobs/api/save-job';
import { JobForm, toFormValues, type JobFormValues } from '../../features/jobs/components/JobForm';
import { JOB_MESSAGES } from '../../features/jobs/messages';
import { PageHeader } from '../../lib/ui';

const today = () => new Date().toISOString().slice(0, 10);

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
  active: true,
  featured: false,
};

/** /admin/jobs/new and /admin/jobs/edit/{id}: save, then back to the dashboard. */
export default function JobFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: job, error } = useAdminJob(id);

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

  const save = async (payload: AdminJobForm) => {
    try {
      const saved = id ? await updateJob(id, payload) : await createJob(payload);
      await mutate(adminJobKey(saved.id), saved, { revalidate: false });
      toast({ title: id ? JOB_MESSAGES.updated : JOB_MESSAGES.created, variant: 'success' });
      await mutate(adminJobsKey);
      navigate('/admin/dashboard');
      return undefined;
    } catch (failure) {
      const fallback = id ? JOB_MESSAGES.updateFailed : JOB_MESSAGES.createFailed;
      toast({
        title: JOB_MESSAGES.saveFailed,
        description: errorMessage(failure, fallback),
        variant: 'destructive',
      });
      return failure instanceof ApiError ? failure.fieldErrors : undefined;
    }
  };

  if (id && !job && !error) return <Spinner label="Loading job..." />;
  return (
    <>
      <PageHeader>
        <h1>{id ? 'Edit Job' : 'Add New Job'}</h1>
      </PageHeader>
      {id && error ? (
        <p role="alert">{JOB_MESSAGES.fetchFailed}</p>
      ) : (
        <JobForm
          key={job?.id ?? 'new'}
          initialValues={initialValues}
          submitLabel={id ? 'Update Job' : 'Create Job'}
          onSave={save}
        />
      )}
    </>
  );
}
