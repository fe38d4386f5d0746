import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  type MemberAlert,
} from '@jobboard/contract/alerts';
import { Button, Notice, Stack, errorMessage, useMemberStore } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import { useMemberAlerts } from '../api/member-alerts';
import { removeMemberAlert } from '../api/remove-member-alert';
import { ALERT_TEXT } from '../messages';

const frequencyLabel = (frequency: AlertFrequency) =>
  ALERT_FREQUENCIES.find((f) => f.value === frequency)!.label;

/**
 * /bookmarks' section for a signed-in member: the job alerts sent to their address, each with its
 * search and a Remove button (which unsubscribes it). Nothing at all for a visitor who is not
 * signed in (it asks only once the member store knows a member), nor while it loads: the page is
 * the bookmarks' first.
 */
export function MemberAlerts() {
  const email = useMemberStore((s) => (s.status === 'signed-in' ? s.member?.email : undefined));
  const { data, error, mutate } = useMemberAlerts(email);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (error) {
    return (
      <Section aria-labelledby="member-alerts-title">
        <h2 id="member-alerts-title">{ALERT_TEXT.memberTitle}</h2>
        <Notice $tone="danger" role="alert">
          {errorMessage(error, ALERT_TEXT.memberLoadFailed)}
        </Notice>
      </Section>
    );
  }
  if (!data) return null;

  const remove = async (alert: MemberAlert) => {
    setBusyId(alert.id);
    setNote(null);
    setProblem(null);
    try {
      const { message } = await removeMemberAlert(alert.id);
      setNote(message);
      await mutate(
        (current) => current && { alerts: current.alerts.filter((a) => a.id !== alert.id) },
        { revalidate: true },
      );
    } catch (caught) {
      setProblem(errorMessage(caught, ALERT_TEXT.failed));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Section aria-labelledby="member-alerts-title">
      <h2 id="member-alerts-title">{ALERT_TEXT.memberTitle}</h2>
      {note && <p role="status">{note}</p>}
      {problem && (
        <Notice $tone="danger" role="alert">
          {problem}
        </Notice>
      )}
      {data.alerts.length === 0 ? (
        <p>{ALERT_TEXT.memberEmpty}</p>
      ) : (
        <List as="ul" $gap="sm">
          {data.alerts.map((alert) => (
            <li key={alert.id}>
              <div>
                <Link to={`/${alert.search}`}>{alert.description}</Link>
                <Details>
                  {frequencyLabel(alert.frequency)} · {alert.email}
                  {alert.status === 'pending' && ` · ${ALERT_TEXT.memberPending}`}
                </Details>
              </div>
              <Button
                type="button"
                $variant="secondary"
                $size="sm"
                disabled={busyId !== null}
                aria-label={ALERT_TEXT.memberRemove(alert.description)}
                onClick={() => void remove(alert)}
              >
                {ALERT_TEXT.memberRemoveShort}
              </Button>
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}

const Section = styled(Stack).attrs({ as: 'section', $gap: 'sm' })`
  margin-top: ${({ theme }) => theme.space.xl};
  h2,
  p {
    margin: 0;
  }
`;

const List = styled(Stack)`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Details = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
