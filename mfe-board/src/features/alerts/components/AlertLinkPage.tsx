import { ALERT_FREQUENCIES, type AlertFrequency, type AlertView } from '@jobboard/contract/alerts';
import { Button, Notice, Spinner, errorMessage } from '@jobboard/shared-ui';
import { Link, useLocation } from '@jobboard/shared-ui/router';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { confirmAlert } from '../api/confirm-alert';
import { getAlert } from '../api/get-alert';
import { unsubscribeAlert } from '../api/unsubscribe-alert';
import { updateAlert } from '../api/update-alert';
import { ALERT_TEXT } from '../messages';
import { FrequencyChoice } from './FrequencyChoice';

export type AlertAction = 'confirm' | 'unsubscribe' | 'manage';

const frequencyWord = (frequency: AlertFrequency) =>
  ALERT_FREQUENCIES.find((f) => f.value === frequency)!.label.toLowerCase();

/**
 * /alerts/confirm, /alerts/unsubscribe and /alerts/manage: the pages an alert's e-mails link to,
 * working without signing in (the token in the link is the key). Opening a link changes nothing:
 * mail scanners open links, so confirm and unsubscribe act only on the page's button (a POST);
 * a mail client's one-click unsubscribe is its own POST to the unsubscribe page's address
 * (RFC 8058, the API's route). Manage shows the alert with its frequency and an unsubscribe button.
 */
export function AlertLinkPage({ action }: { action: AlertAction }) {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [alert, setAlert] = useState<AlertView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (action !== 'manage') return undefined;
    let current = true;
    getAlert(token).then(
      (view) => current && setAlert(view),
      (error: unknown) => current && setProblem(errorMessage(error, ALERT_TEXT.linkProblemTitle)),
    );
    return () => {
      current = false;
    };
  }, [action, token]);

  const act = async () => {
    setBusy(true);
    try {
      setAlert(await (action === 'confirm' ? confirmAlert(token) : unsubscribeAlert(token)));
    } catch (error) {
      setProblem(errorMessage(error, ALERT_TEXT.linkProblemTitle));
    } finally {
      setBusy(false);
    }
  };

  if (problem) {
    return (
      <Section>
        <h1>{ALERT_TEXT.linkProblemTitle}</h1>
        <Notice $tone="danger" role="alert">
          {problem}
        </Notice>
        <Link to="/">{ALERT_TEXT.backToBoard}</Link>
      </Section>
    );
  }
  if (!alert && action !== 'manage') {
    const confirming = action === 'confirm';
    return (
      <Section>
        <h1>{confirming ? ALERT_TEXT.confirmTitle : ALERT_TEXT.unsubscribeTitle}</h1>
        <p>{confirming ? ALERT_TEXT.confirmIntro : ALERT_TEXT.unsubscribeIntro}</p>
        <Button
          type="button"
          $variant={confirming ? 'primary' : 'danger'}
          disabled={busy}
          onClick={() => void act()}
        >
          {confirming ? ALERT_TEXT.confirmButton : ALERT_TEXT.unsubscribeButton}
        </Button>
      </Section>
    );
  }
  if (!alert) {
    return (
      <Section aria-busy="true">
        <h1>{ALERT_TEXT.loading}</h1>
        <Spinner />
      </Section>
    );
  }
  if (action === 'confirm') {
    return (
      <Section>
        <h1>{ALERT_TEXT.confirmedTitle}</h1>
        <p role="status">
          {ALERT_TEXT.confirmed(alert.email, frequencyWord(alert.frequency), alert.description)}
        </p>
        <Link to={`/${alert.search}`}>{ALERT_TEXT.seeJobs}</Link>
      </Section>
    );
  }
  if (action === 'unsubscribe' || alert.status === 'unsubscribed') {
    return (
      <Section>
        <h1>{ALERT_TEXT.unsubscribedTitle}</h1>
        <p role="status">{ALERT_TEXT.unsubscribed(alert.email, alert.description)}</p>
        <Link to={`/${alert.search}`}>{ALERT_TEXT.followAgain}</Link>
      </Section>
    );
  }
  return <ManageAlert token={token} alert={alert} onChange={setAlert} />;
}

function ManageAlert({
  token,
  alert,
  onChange,
}: {
  token: string;
  alert: AlertView;
  onChange(view: AlertView): void;
}) {
  const [frequency, setFrequency] = useState<AlertFrequency>(alert.frequency);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (change: () => Promise<AlertView>, done: string | null) => {
    setBusy(true);
    setProblem(null);
    try {
      onChange(await change());
      setNote(done);
    } catch (error) {
      setProblem(errorMessage(error, ALERT_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section>
      <h1>{ALERT_TEXT.manageTitle}</h1>
      <p>{ALERT_TEXT.manageIntro(alert.email, alert.description)}</p>
      {alert.status === 'pending' && <Notice>{ALERT_TEXT.pendingNote}</Notice>}
      <FrequencyChoice value={frequency} onChange={setFrequency} />
      {note && <p role="status">{note}</p>}
      {problem && (
        <Notice $tone="danger" role="alert">
          {problem}
        </Notice>
      )}
      <Actions>
        <Button
          type="button"
          disabled={busy}
          onClick={() => void act(() => updateAlert(token, frequency), ALERT_TEXT.saved)}
        >
          {ALERT_TEXT.save}
        </Button>
        <Button
          type="button"
          $variant="danger"
          disabled={busy}
          onClick={() => void act(() => unsubscribeAlert(token), null)}
        >
          {ALERT_TEXT.unsubscribe}
        </Button>
      </Actions>
      <Link to={`/${alert.search}`}>{ALERT_TEXT.seeJobs}</Link>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  h1,
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;
