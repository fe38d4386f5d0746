import { Button, Spinner, Table, errorMessage, toast } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { useState, type FormEvent } from 'react';
import { mergeCompany, useOrganizations } from '../../features/organizations/api/organizations';
import { TargetForm } from '../../features/organizations/components/TargetForm';
import { ORGANIZATIONS_TEXT as TEXT } from '../../features/organizations/messages';
import { useConfirm } from '../../lib/confirm';
import { toastFailure } from '../../lib/toast-failure';
import { PageHeader } from '../../lib/ui';

/**
 * /admin/organizations (issue 47, docs/product.md#organisations-and-teams): the organisations,
 * searched by name, member address or domain, each opening its page; and the merge of duplicate
 * companies (their jobs then name the one kept).
 */
export default function OrganizationsPage() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const { data, error, isLoading } = useOrganizations(q, 1);
  const { confirm, dialog } = useConfirm();
  const [from, setFrom] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  const mergeCompanies = async (into: number) => {
    if (from == null) return;
    const yes = await confirm({
      title: TEXT.companyMerge,
      message: TEXT.companyMergeConfirm(from, into),
      confirmLabel: TEXT.companyMergeButton,
      danger: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      const { message } = await mergeCompany(String(from), into);
      toast({ title: TEXT.done, description: message, variant: 'success' });
    } catch (failure) {
      toastFailure(TEXT.failed, failure, TEXT.tryAgain);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {dialog}
      <PageHeader>
        <div>
          <h1>{TEXT.title}</h1>
          <p>{TEXT.subtitle}</p>
        </div>
      </PageHeader>
      <form onSubmit={search} role="search" aria-label={TEXT.search}>
        <input
          aria-label={TEXT.search}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />{' '}
        <Button type="submit" $variant="secondary">
          {TEXT.searchButton}
        </Button>
      </form>
      {isLoading ? (
        <Spinner label={TEXT.loading} />
      ) : error || !data ? (
        <p role="alert">{errorMessage(error, TEXT.loadFailed)}</p>
      ) : !data.organizations.length ? (
        <p>{TEXT.empty}</p>
      ) : (
        <Table columns={TEXT.columns}>
          {data.organizations.map((org) => (
            <tr key={org.id}>
              <td>
                <Link to={`/admin/organizations/${org.id}`}>
                  #{org.id} {org.name}
                </Link>
                {org.mergedIntoId != null && ` (${TEXT.mergedInto(org.mergedIntoId)})`}
              </td>
              <td>{org.members}</td>
              <td>{org.listings}</td>
              <td>{org.creditsLeft}</td>
              <td>{org.verifiedDomain ?? '—'}</td>
            </tr>
          ))}
        </Table>
      )}
      <section aria-label={TEXT.companyMerge}>
        <h2>{TEXT.companyMerge}</h2>
        <TargetForm
          label={TEXT.companyFrom}
          button={TEXT.companyFrom}
          busy={busy}
          onSubmit={setFrom}
        />
        {from != null && (
          <TargetForm
            label={TEXT.companyInto}
            button={TEXT.companyMergeButton}
            busy={busy}
            onSubmit={mergeCompanies}
          />
        )}
      </section>
    </>
  );
}
