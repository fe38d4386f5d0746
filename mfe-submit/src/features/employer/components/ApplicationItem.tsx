import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type InboxApplication,
  type InboxJob,
} from '@jobboard/contract/applications';
import {
  Button,
  Card,
  Checkbox,
  Cluster,
  Select,
  Stack,
  TextArea,
  VisuallyHidden,
  errorMessage,
  toast,
} from '@jobboard/shared-ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { changeApplication, resumeUrl } from '../api/inbox';
import { INBOX_TEXT } from '../messages';
import { DeclineDialog } from './DeclineDialog';
import { day } from './Timeline';

/** The statuses as a select offers them (the inbox's filter and bulk change too). */
export const STATUS_OPTIONS = APPLICATION_STATUSES.map((status) => ({
  value: status,
  label: APPLICATION_STATUS_LABELS[status],
}));

/**
 * One application in the inbox: who, when, its status (saved as it is chosen), a star, the
 * employer's note, what the applicant sent, the résumé's download and the decline. Each change
 * is saved on its own and only it (the API writes only the fields given).
 */
export function ApplicationItem({
  application: a,
  job,
  selected,
  onSelect,
  onChange,
}: {
  application: InboxApplication;
  job: InboxJob;
  selected: boolean;
  onSelect(on: boolean): void;
  onChange(): Promise<void>;
}) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState(a.note ?? '');
  const [declining, setDeclining] = useState(false);
  const save = async (change: Parameters<typeof changeApplication>[1], saved: string) => {
    setBusy(true);
    try {
      await changeApplication(a.id, change);
      toast({ title: saved, variant: 'success' });
      await onChange();
    } catch (failure) {
      toast({ title: errorMessage(failure, INBOX_TEXT.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const setStatus = (status: ApplicationStatus) =>
    save({ status }, INBOX_TEXT.statusSaved(APPLICATION_STATUS_LABELS[status]));

  return (
    <Card as="article" aria-labelledby={headingId}>
      <Stack $gap="sm">
        <Cluster $spread>
          <Cluster>
            <Checkbox
              label={<VisuallyHidden>{INBOX_TEXT.select(a.name)}</VisuallyHidden>}
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
            />
            <h2 id={headingId}>{a.name}</h2>
            <Star
              type="button"
              aria-pressed={a.starred}
              aria-label={INBOX_TEXT.star(a.name)}
              disabled={busy}
              onClick={() =>
                save({ starred: !a.starred }, a.starred ? INBOX_TEXT.unstarred : INBOX_TEXT.starred)
              }
            >
              <span aria-hidden="true">{a.starred ? '★' : '☆'}</span>
            </Star>
          </Cluster>
          <Muted>{INBOX_TEXT.applied(day(a.createdAt))}</Muted>
        </Cluster>
        <Cluster $spread>
          <StatusField>
            <Select
              label={INBOX_TEXT.status}
              value={a.status}
              disabled={busy}
              onChange={(event) => void setStatus(event.target.value as ApplicationStatus)}
              options={STATUS_OPTIONS}
            />
          </StatusField>
          <Cluster>
            <a href={resumeUrl(a.id)} download>
              {INBOX_TEXT.downloadResume}{' '}
              <VisuallyHidden>{INBOX_TEXT.resumeOf(a.name)}</VisuallyHidden>{' '}
              {INBOX_TEXT.resumeSize(a.resume.kind, a.resume.bytes)}
            </a>
            {a.declinedAt ? (
              <Muted>{INBOX_TEXT.declinedOn(day(a.declinedAt))}</Muted>
            ) : (
              <Button $variant="secondary" onClick={() => setDeclining(true)} disabled={busy}>
                {INBOX_TEXT.decline}
                <VisuallyHidden> {a.name}</VisuallyHidden>
              </Button>
            )}
          </Cluster>
        </Cluster>
        <Sent application={a} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save({ note }, INBOX_TEXT.noteSaved);
          }}
        >
          <Stack $gap="xs">
            <TextArea
              label={INBOX_TEXT.note}
              rows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <div>
              <Button type="submit" $variant="secondary" $size="sm" disabled={busy}>
                {INBOX_TEXT.saveNote}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
      {declining && (
        <DeclineDialog
          application={a}
          job={job}
          onClose={() => setDeclining(false)}
          onDeclined={onChange}
        />
      )}
    </Card>
  );
}

/** What the applicant sent: their address, phone, links, cover note and answers. */
function Sent({ application: a }: { application: InboxApplication }) {
  return (
    <Details>
      <summary>{INBOX_TEXT.details}</summary>
      <dl>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${a.email}`}>{a.email}</a>
        </dd>
        {a.phone && (
          <>
            <dt>{INBOX_TEXT.phone}</dt>
            <dd>{a.phone}</dd>
          </>
        )}
        {a.links.length > 0 && (
          <>
            <dt>{INBOX_TEXT.links}</dt>
            {a.links.map((link) => (
              <dd key={link}>
                <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                  {link}
                </a>
              </dd>
            ))}
          </>
        )}
        <dt>{INBOX_TEXT.coverNote}</dt>
        <dd>
          <Prose>{a.coverNote}</Prose>
        </dd>
        {a.answers.map(({ question, answer }) => (
          <div key={question}>
            <dt>{question}</dt>
            <dd>{answer || INBOX_TEXT.noAnswer}</dd>
          </div>
        ))}
      </dl>
    </Details>
  );
}

const Star = styled.button`
  border: 0;
  background: none;
  cursor: pointer;
  font-size: 1.4rem;
  line-height: 1;
  color: ${({ theme }) => theme.colors.accent};
  padding: ${({ theme }) => theme.space.xs};
`;

const StatusField = styled.div`
  min-width: 12rem;
`;

const Details = styled.details`
  summary {
    cursor: pointer;
  }
  dt {
    font-weight: 600;
    margin-top: ${({ theme }) => theme.space.sm};
  }
  dd {
    margin: 0;
  }
`;

const Prose = styled.p`
  white-space: pre-wrap;
  margin: 0;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
