import { type ApplicationStatus, type InboxApplications } from '@jobboard/contract/applications';
import {
  Button,
  Card,
  Checkbox,
  Cluster,
  EmptyState,
  Notice,
  Pagination,
  Select,
  Spinner,
  Stack,
  errorMessage,
  toast,
} from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import { csvUrl, setStatuses, useInbox, type InboxView } from '../api/inbox';
import { EMPLOYER_TEXT, INBOX_TEXT } from '../messages';
import { ApplicationItem, STATUS_OPTIONS } from './ApplicationItem';
import { InboxSettings } from './InboxSettings';
import { SignInRequest } from './SignInRequest';

/**
 * /employer/jobs/:id/applications (issue 42): one listing's applications, newest first, with a
 * filter by status (and how many are in each), a bulk status for those selected, the CSV export
 * and the inbox's settings. Each application is an ApplicationItem.
 */
export function Inbox({ jobId }: { jobId: string }) {
  const [view, setView] = useState<InboxView>({ page: 1 });
  const { data, error, isLoading, mutate } = useInbox(jobId, view);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  if (isLoading) return <Spinner label={INBOX_TEXT.loading} />;
  if (data === null) return <SignInRequest />;
  if (error || !data) {
    return (
      <Card role="alert">
        <p>{errorMessage(error, INBOX_TEXT.loadFailed)}</p>
        <Link to="/employer/listings">{EMPLOYER_TEXT.backToListings}</Link>
      </Card>
    );
  }

  const show = (value: string) => {
    setSelected(new Set());
    setView({ page: 1, ...(value ? { status: value as ApplicationStatus } : {}) });
  };
  const refresh = async () => {
    await mutate();
  };
  const pages = Math.max(1, Math.ceil(data.matched / data.pageSize));

  return (
    <Stack $gap="lg">
      <Stack $gap="sm">
        <h1>{INBOX_TEXT.title(data.job.title)}</h1>
        <Cluster $spread>
          <Link to="/employer/listings">{EMPLOYER_TEXT.backToListings}</Link>
          {data.total > 0 && (
            <a href={csvUrl(jobId)} download>
              {INBOX_TEXT.exportCsv}
            </a>
          )}
        </Cluster>
        {!data.job.open && <Notice>{INBOX_TEXT.closedNote}</Notice>}
      </Stack>
      <InboxSettings />
      {data.total === 0 ? (
        <EmptyState>
          <p>{INBOX_TEXT.empty}</p>
        </EmptyState>
      ) : (
        <>
          <Filter>
            <Select
              label={INBOX_TEXT.show}
              value={view.status ?? ''}
              onChange={(event) => show(event.target.value)}
              options={[
                { value: '', label: INBOX_TEXT.all(data.total) },
                ...STATUS_OPTIONS.map(({ value, label }) => ({
                  value,
                  label: INBOX_TEXT.ofStatus(label, data.counts[value] ?? 0),
                })),
              ]}
            />
          </Filter>
          <BulkStatus data={data} selected={selected} onSelect={setSelected} onDone={refresh} />
          {data.applications.length === 0 ? (
            <p>{INBOX_TEXT.noneOfStatus}</p>
          ) : (
            <Stack as="ol" $gap="md" aria-label={INBOX_TEXT.title(data.job.title)}>
              {data.applications.map((application) => (
                <li key={application.id}>
                  <ApplicationItem
                    application={application}
                    job={data.job}
                    selected={selected.has(application.id)}
                    onSelect={(on) => setSelected(toggled(selected, application.id, on))}
                    onChange={refresh}
                  />
                </li>
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Pagination
              page={data.page}
              pageCount={pages}
              onPageChange={(page) => {
                setSelected(new Set());
                setView({ ...view, page });
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}

const toggled = (set: ReadonlySet<string>, id: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/** Select this page's applications, and give those selected one status. */
function BulkStatus({
  data,
  selected,
  onSelect,
  onDone,
}: {
  data: InboxApplications;
  selected: ReadonlySet<string>;
  onSelect(ids: ReadonlySet<string>): void;
  onDone(): Promise<void>;
}) {
  const [status, setStatus] = useState<ApplicationStatus>('reviewing');
  const [busy, setBusy] = useState(false);
  const ids = data.applications.map((a) => a.id);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const apply = async () => {
    setBusy(true);
    try {
      const { message } = await setStatuses([...selected], status);
      toast({ title: message, variant: 'success' });
      onSelect(new Set());
      await onDone();
    } catch (failure) {
      toast({ title: errorMessage(failure, INBOX_TEXT.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Toolbar role="group" aria-label={INBOX_TEXT.bulk}>
      <Checkbox
        label={INBOX_TEXT.selectAll}
        checked={all}
        onChange={(event) => onSelect(new Set(event.target.checked ? ids : []))}
      />
      <Select
        label={INBOX_TEXT.bulkStatus}
        value={status}
        onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
        options={STATUS_OPTIONS}
      />
      <Button onClick={apply} disabled={busy || selected.size === 0}>
        {INBOX_TEXT.applyBulk(selected.size)}
      </Button>
    </Toolbar>
  );
}

const Filter = styled.div`
  max-width: 18rem;
`;

const Toolbar = styled(Cluster)`
  align-items: end;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;
