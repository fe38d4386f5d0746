import type { AdminOrganization } from '@jobboard/contract/admin';
import { Spinner, Table, errorMessage, formatUsDate, toast } from '@jobboard/shared-ui';
import { Link, useParams } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import {
  mergeOrganization,
  moveCredits,
  moveListing,
  useOrganization,
} from '../../features/organizations/api/organizations';
import { TargetForm } from '../../features/organizations/components/TargetForm';
import { ORGANIZATIONS_TEXT as TEXT } from '../../features/organizations/messages';
import { useConfirm } from '../../lib/confirm';
import { toastFailure } from '../../lib/toast-failure';
import { PageHeader } from '../../lib/ui';

const day = (iso: string) => formatUsDate(iso.slice(0, 10));

/**
 * /admin/organizations/:id (issue 47): one organisation's members, listings (each movable to
 * another organisation), credits (movable) and history, and its merge into a duplicate's
 * organisation. Every move is in the history of both.
 */
export default function OrganizationPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, mutate } = useOrganization(id);
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);

  if (isLoading) return <Spinner label={TEXT.loading} />;
  if (error || !data) return <p role="alert">{errorMessage(error, TEXT.loadFailed)}</p>;

  const run = async (work: () => Promise<AdminOrganization>, here: boolean) => {
    setBusy(true);
    try {
      const answer = await work();
      if (here && answer.organization.id === data.organization.id) {
        await mutate(answer, { revalidate: false });
      } else await mutate();
      toast({ title: TEXT.done, variant: 'success' });
    } catch (failure) {
      toastFailure(TEXT.failed, failure, TEXT.tryAgain);
    } finally {
      setBusy(false);
    }
  };
  const merge = async (into: number) => {
    const yes = await confirm({
      title: TEXT.merge,
      message: TEXT.mergeConfirm(data.organization.name, into),
      confirmLabel: TEXT.merge,
      danger: true,
    });
    if (yes) await run(() => mergeOrganization(id, into), false);
  };

  const { organization } = data;
  return (
    <>
      {dialog}
      <PageHeader>
        <div>
          <h1>
            #{organization.id} {organization.name}
          </h1>
          <p>
            <TiedCompany company={data.company} />
            {organization.verifiedDomain && ` · ${organization.verifiedDomain}`}
            {organization.mergedIntoId != null &&
              ` · ${TEXT.mergedInto(organization.mergedIntoId)}`}
          </p>
        </div>
        <Link to="/admin/organizations">{TEXT.title}</Link>
      </PageHeader>
      <h2>{TEXT.members}</h2>
      <ul aria-label={TEXT.members}>
        {data.members.map((m) => (
          <li key={m.email}>
            {m.email} · {m.role} · {day(m.joinedAt)}
          </li>
        ))}
      </ul>
      <h2>{TEXT.listings}</h2>
      <Table columns={['Listing', 'Status', 'Contact', TEXT.moveListing]}>
        {data.listings.map((listing) => (
          <tr key={listing.submissionId}>
            <td>
              #{listing.submissionId} {listing.title}
            </td>
            <td>{listing.status}</td>
            <td>{listing.contactEmail}</td>
            <td>
              <TargetForm
                label={`${TEXT.targetLabel} (${listing.title})`}
                button={TEXT.moveListing}
                busy={busy}
                onSubmit={(to) => run(() => moveListing(String(listing.submissionId), to), true)}
              />
            </td>
          </tr>
        ))}
      </Table>
      <h2>{TEXT.credits(organization.creditsLeft)}</h2>
      {organization.creditsLeft > 0 && (
        <TargetForm
          label={TEXT.targetLabel}
          button={TEXT.moveCredits}
          busy={busy}
          onSubmit={(to) => run(() => moveCredits(id, to), true)}
        />
      )}
      {organization.mergedIntoId == null && (
        <>
          <h2>{TEXT.merge}</h2>
          <TargetForm label={TEXT.targetLabel} button={TEXT.merge} busy={busy} onSubmit={merge} />
        </>
      )}
      <h2>{TEXT.history}</h2>
      <ol aria-label={TEXT.history}>
        {data.history.map((h, i) => (
          <li key={i}>
            {day(h.at)} · {TEXT.actions[h.action]}
            {h.subject && `: ${h.subject}`} · {h.actor}
            {h.detail && ` (${h.detail})`}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The company the organisation is tied to (issue 47): its name, a link to its public page
 * `/organizations/{slug}` (a page of the board, outside /admin), and its number for the merges.
 */
function TiedCompany({ company }: { company: AdminOrganization['company'] }) {
  if (!company) return <>{TEXT.noCompany}</>;
  return (
    <>
      {TEXT.tiedTo}{' '}
      {company.slug ? (
        <a href={`/organizations/${encodeURIComponent(company.slug)}`}>{company.name}</a>
      ) : (
        company.name
      )}{' '}
      {TEXT.companyNumber(company.id)}
    </>
  );
}
