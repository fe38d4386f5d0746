import { check } from '@jobboard/contract/common';
import { TeamAddress, type EmployerTeam } from '@jobboard/contract/employer';
import {
  Button,
  Card,
  Checkbox,
  Cluster,
  Spinner,
  Stack,
  TextField,
  errorMessage,
  toast,
} from '@jobboard/shared-ui';
import { Link, useNavigate } from '@jobboard/shared-ui/router';
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { invite, leaveTeam, makeOwner, removeMember, setDomain, useTeam } from '../api/team';
import { TEAM_TEXT } from '../team-messages';
import { SignInRequest } from './SignInRequest';
import { day } from './Timeline';

/**
 * /employer/team (issue 47): the organisation's members. Its owner invites a colleague by e-mail,
 * removes a member (their access ends at once), makes another member owner, and verifies the
 * domain of their own address so that colleagues at it join by signing in. A member leaves.
 */
export function Team() {
  const { data, error, isLoading, mutate } = useTeam();
  const { mutate: mutateAll } = useSWRConfig();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  if (isLoading) return <Spinner label={TEAM_TEXT.title} />;
  if (data === null) return <SignInRequest />;
  if (error || !data) return <p role="alert">{errorMessage(error, TEAM_TEXT.loadFailed)}</p>;

  /** Run a change; show what the API says; the team as it answers it (or asked again). */
  const run = async (work: () => Promise<EmployerTeam | { message: string }>) => {
    setBusy(true);
    try {
      const answer = await work();
      if ('members' in answer) await mutate(answer, { revalidate: false });
      else await mutate();
      const message = 'message' in answer ? answer.message : undefined;
      if (message) toast({ title: message, variant: 'success' });
    } catch (failure) {
      toast({ title: errorMessage(failure, TEAM_TEXT.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const owner = data.role === 'owner';
  const { organization } = data;

  const leave = async () => {
    if (!window.confirm(TEAM_TEXT.confirmLeave(organization.name))) return;
    try {
      const { message } = await leaveTeam();
      // Signed out with it: every cached answer is stale.
      await mutateAll(() => true, undefined, { revalidate: false });
      toast({ title: message, variant: 'success' });
      navigate('/employer', { replace: true });
    } catch (failure) {
      toast({ title: errorMessage(failure, TEAM_TEXT.loadFailed), variant: 'destructive' });
    }
  };

  return (
    <Stack $gap="lg">
      <Cluster $spread>
        <h1>{TEAM_TEXT.title}</h1>
        <Link to="/employer/listings">{TEAM_TEXT.back}</Link>
      </Cluster>
      <p>{TEAM_TEXT.intro(organization.name)}</p>
      <Card as="section" aria-label={TEAM_TEXT.members}>
        <h2>{TEAM_TEXT.members}</h2>
        <Stack as="ul" $gap="sm" aria-label={TEAM_TEXT.members}>
          {data.members.map((member) => (
            <Cluster as="li" key={member.email} $spread aria-label={member.email}>
              <span>
                {member.email} {member.you && TEAM_TEXT.you} ·{' '}
                {member.role === 'owner' ? TEAM_TEXT.owner : TEAM_TEXT.member} ·{' '}
                {TEAM_TEXT.joined(day(member.joinedAt))}
              </span>
              {owner && !member.you && (
                <Cluster>
                  <Button
                    $variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      window.confirm(TEAM_TEXT.confirmMakeOwner(member.email)) &&
                      run(() => makeOwner(member.email))
                    }
                  >
                    {TEAM_TEXT.makeOwner}
                  </Button>
                  <Button
                    $variant="danger"
                    disabled={busy}
                    onClick={() =>
                      window.confirm(TEAM_TEXT.confirmRemove(member.email)) &&
                      run(() => removeMember(member.email))
                    }
                  >
                    {TEAM_TEXT.remove}
                  </Button>
                </Cluster>
              )}
            </Cluster>
          ))}
        </Stack>
        {owner && data.invites.length > 0 && (
          <>
            <h3>{TEAM_TEXT.invitesTitle}</h3>
            <ul>
              {data.invites.map((sent) => (
                <li key={sent.email}>{TEAM_TEXT.inviteExpires(sent.email, day(sent.expiresAt))}</li>
              ))}
            </ul>
          </>
        )}
        {owner && <InviteForm busy={busy} onInvite={(email) => run(() => invite(email))} />}
      </Card>
      {owner && (
        <DomainSettings team={data} busy={busy} onChange={(c) => run(() => setDomain(c))} />
      )}
      {!owner && (
        <div>
          <Button $variant="secondary" onClick={leave}>
            {TEAM_TEXT.leave}
          </Button>
        </div>
      )}
    </Stack>
  );
}

function InviteForm({ busy, onInvite }: { busy: boolean; onInvite(email: string): void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(TeamAddress, { email });
    if (!checked.ok) {
      setError(checked.errors.email);
      return;
    }
    setError(undefined);
    onInvite(email.trim());
    setEmail('');
  };
  return (
    <Stack as="form" $gap="sm" onSubmit={submit} noValidate aria-label={TEAM_TEXT.inviteButton}>
      <TextField
        label={TEAM_TEXT.inviteLabel}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {TEAM_TEXT.inviteButton}
        </Button>
      </div>
    </Stack>
  );
}

function DomainSettings({
  team,
  busy,
  onChange,
}: {
  team: EmployerTeam;
  busy: boolean;
  onChange(change: { verify: boolean; domainJoin: boolean }): void;
}) {
  const { verifiedDomain, domainJoin } = team.organization;
  return (
    <Card as="section" aria-label={TEAM_TEXT.domainTitle}>
      <h2>{TEAM_TEXT.domainTitle}</h2>
      <p>{verifiedDomain ? TEAM_TEXT.domainVerified(verifiedDomain) : TEAM_TEXT.domainNone}</p>
      {verifiedDomain ? (
        <Stack $gap="sm">
          <Checkbox
            label={TEAM_TEXT.domainJoin(verifiedDomain)}
            checked={domainJoin}
            disabled={busy}
            onChange={(event) => onChange({ verify: true, domainJoin: event.target.checked })}
          />
          <div>
            <Button
              $variant="secondary"
              disabled={busy}
              onClick={() => onChange({ verify: false, domainJoin: false })}
            >
              {TEAM_TEXT.forgetDomain}
            </Button>
          </div>
        </Stack>
      ) : team.verifiableDomain ? (
        <Stack $gap="sm">
          <p>{TEAM_TEXT.domainHow(team.verifiableDomain)}</p>
          <div>
            <Button disabled={busy} onClick={() => onChange({ verify: true, domainJoin: false })}>
              {TEAM_TEXT.verifyDomain(team.verifiableDomain)}
            </Button>
          </div>
        </Stack>
      ) : (
        <p>{TEAM_TEXT.domainFreeMail}</p>
      )}
    </Card>
  );
}
