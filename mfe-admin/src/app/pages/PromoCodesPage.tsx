import type { PromoCode } from '@jobboard/contract';
import {
  Badge,
  Button,
  Spinner,
  errorMessage,
  formatCents,
  formatUsDate,
  toast,
} from '@jobboard/shared-ui';
import styled from 'styled-components';
import {
  deletePromoCode,
  updatePromoCode,
  usePromoCodes,
} from '../../features/promo-codes/api/promo-codes';
import { PromoCodeForm } from '../../features/promo-codes/components/PromoCodeForm';
import { PageHeader } from '../../lib/ui';

/** /admin/promo-codes: discounts employers can enter on the submit form. */
export default function PromoCodesPage() {
  const { data: codes, error, isLoading, mutate } = usePromoCodes();

  const toggle = async (promo: PromoCode) => {
    try {
      await updatePromoCode(promo.id, {
        code: promo.code,
        description: promo.description,
        percentOff: promo.percentOff,
        amountOffCents: promo.amountOffCents,
        startsAt: promo.startsAt,
        endsAt: promo.endsAt,
        maxRedemptions: promo.maxRedemptions,
        active: !promo.active,
      });
      await mutate();
    } catch (failure) {
      toast({
        title: 'Update Failed',
        description: errorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  const remove = async (promo: PromoCode) => {
    if (!window.confirm(`Delete the promo code ${promo.code}?`)) return;
    try {
      await deletePromoCode(promo.id);
      await mutate();
      toast({ title: 'Promo code deleted', variant: 'success' });
    } catch (failure) {
      toast({
        title: 'Failed to delete promo code',
        description: errorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <PageHeader>
        <div>
          <h1>Promo Codes</h1>
          <p>Discounts on the listing price; a use counts when the listing is paid.</p>
        </div>
      </PageHeader>
      <PromoCodeForm onCreated={() => void mutate()} />
      <h2>All promo codes ({codes?.length ?? 0})</h2>
      {isLoading ? (
        <Spinner label="Loading promo codes..." />
      ) : error ? (
        <p role="alert">{errorMessage(error, 'The promo codes could not be loaded.')}</p>
      ) : !codes?.length ? (
        <p>No promo codes yet.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Valid</th>
              <th scope="col">Used</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((promo) => (
              <tr key={promo.id}>
                <td>
                  <strong>{promo.code}</strong>
                  {promo.description && <div>{promo.description}</div>}
                </td>
                <td>
                  {promo.percentOff !== null
                    ? `${promo.percentOff}% off`
                    : `${formatCents(promo.amountOffCents ?? 0)} off`}
                </td>
                <td>
                  {promo.startsAt ? `from ${formatUsDate(promo.startsAt)} ` : ''}
                  {promo.endsAt
                    ? `until ${formatUsDate(promo.endsAt)}`
                    : promo.startsAt
                      ? ''
                      : 'always'}
                </td>
                <td>
                  {promo.redemptions}
                  {promo.maxRedemptions !== null ? ` of ${promo.maxRedemptions}` : ''}
                </td>
                <td>
                  <Badge $tone={promo.active ? 'fullTime' : 'other'}>
                    {promo.active ? 'Active' : 'Off'}
                  </Badge>
                </td>
                <td>
                  <Button $variant="secondary" $size="sm" onClick={() => toggle(promo)}>
                    {promo.active ? 'Switch off' : 'Switch on'}
                  </Button>{' '}
                  <Button
                    $variant="danger"
                    $size="sm"
                    onClick={() => remove(promo)}
                    aria-label={`Delete ${promo.code}`}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
`;
