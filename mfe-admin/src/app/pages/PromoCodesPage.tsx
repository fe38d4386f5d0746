import {
  Button,
  Spinner,
  StatusBadge,
  Table,
  errorMessage,
  formatCents,
  formatUsDate,
} from '@jobboard/shared-ui';
import { usePromoCodes } from '../../features/promo-codes/api/promo-codes';
import { PromoCodeForm } from '../../features/promo-codes/components/PromoCodeForm';
import { useConfirm } from '../../lib/confirm';
import { usePromoCodeActions } from '../../features/promo-codes/hooks/use-promo-code-actions';
import { PROMO_TEXT } from '../../features/promo-codes/messages';
import { PageHeader } from '../../lib/ui';

/** /admin/promo-codes: discounts employers can enter on the submit form. */
export default function PromoCodesPage() {
  const { data: codes, error, isLoading } = usePromoCodes();
  const { confirm, dialog } = useConfirm();
  const { toggle, deleteCode } = usePromoCodeActions(confirm);

  return (
    <>
      {dialog}
      <PageHeader>
        <div>
          <h1>{PROMO_TEXT.title}</h1>
          <p>{PROMO_TEXT.subtitle}</p>
        </div>
      </PageHeader>
      <PromoCodeForm />
      <h2>{PROMO_TEXT.listHeading(codes?.length ?? 0)}</h2>
      {isLoading ? (
        <Spinner label={PROMO_TEXT.loading} />
      ) : error ? (
        <p role="alert">{errorMessage(error, PROMO_TEXT.loadFailed)}</p>
      ) : !codes?.length ? (
        <p>{PROMO_TEXT.empty}</p>
      ) : (
        <Table columns={PROMO_TEXT.columns}>
          {codes.map((promo) => (
            <tr key={promo.id}>
              <td>
                <strong>{promo.code}</strong>
                {promo.description && <div>{promo.description}</div>}
              </td>
              <td>
                {promo.percentOff !== null
                  ? PROMO_TEXT.percentOff(promo.percentOff)
                  : PROMO_TEXT.amountOff(formatCents(promo.amountOffCents ?? 0))}
              </td>
              <td>
                {promo.startsAt ? PROMO_TEXT.from(formatUsDate(promo.startsAt)) : ''}
                {promo.endsAt
                  ? PROMO_TEXT.until(formatUsDate(promo.endsAt))
                  : promo.startsAt
                    ? ''
                    : PROMO_TEXT.always}
              </td>
              <td>
                {promo.redemptions}
                {promo.maxRedemptions !== null ? PROMO_TEXT.usedOf(promo.maxRedemptions) : ''}
              </td>
              <td>
                <StatusBadge tone={promo.active ? 'live' : 'off'}>
                  {promo.active ? PROMO_TEXT.active : PROMO_TEXT.off}
                </StatusBadge>
              </td>
              <td>
                <Button $variant="secondary" $size="sm" onClick={() => toggle(promo)}>
                  {promo.active ? PROMO_TEXT.switchOff : PROMO_TEXT.switchOn}
                </Button>{' '}
                <Button
                  $variant="danger"
                  $size="sm"
                  onClick={() => deleteCode(promo)}
                  aria-label={PROMO_TEXT.deleteLabel(promo.code)}
                >
                  {PROMO_TEXT.delete}
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
