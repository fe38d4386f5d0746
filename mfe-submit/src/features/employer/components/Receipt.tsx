import { Button, Card, Spinner, errorMessage, formatCents } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useReceipt, type ReceiptKind } from '../api/employer';
import { EMPLOYER_TEXT } from '../messages';
import { ReceiptParties, ReceiptPdfLink } from './ReceiptBilling';
import { day } from './Timeline';

const ROWS = EMPLOYER_TEXT.receiptRows;

/**
 * /employer/receipts/:id (a first payment) and /employer/renewal-receipts/:id (a renewal): a
 * printable receipt. Printed, the page is the receipt alone: the site's
 * header and footer, and the page's own links and button, are left out (print CSS).
 */
export function Receipt({ id, kind = 'payment' }: { id: string; kind?: ReceiptKind }) {
  const { data, error, isLoading } = useReceipt(id, kind);
  if (isLoading) return <Spinner label={EMPLOYER_TEXT.receiptTitle} />;
  if (error || !data) return <p role="alert">{errorMessage(error, EMPLOYER_TEXT.loadFailed)}</p>;
  return (
    <Printable>
      <PrintStyle />
      <Card>
        <h1>
          {EMPLOYER_TEXT.receiptTitle} #{data.id}
        </h1>
        <dl>
          <dt>{ROWS.board}</dt>
          <dd>{data.boardName}</dd>
          <dt>{ROWS.listing}</dt>
          <dd>
            {data.title} at {data.organization}
          </dd>
          <dt>{ROWS.tier}</dt>
          <dd>{data.tierName}</dd>
          <dt>{ROWS.listPrice}</dt>
          <dd>{formatCents(data.listPriceCents)}</dd>
          <dt>{ROWS.promo}</dt>
          <dd>{data.promoCode ?? EMPLOYER_TEXT.none}</dd>
          <dt>{ROWS.discount}</dt>
          <dd>{formatCents(data.discountCents)}</dd>
          <dt>{ROWS.amount}</dt>
          <dd>
            {formatCents(data.amountCents)} {data.currency.toUpperCase()}
          </dd>
          <dt>{ROWS.paidOn}</dt>
          <dd>{day(data.paidAt)}</dd>
          <dt>{ROWS.reference}</dt>
          <dd>
            {EMPLOYER_TEXT.paidBy[data.provider] ?? data.provider}
            {data.reference && (
              <>
                <br />
                <code>{data.reference}</code>
              </>
            )}
          </dd>
          <dt>{ROWS.billedTo}</dt>
          <dd>{data.billedTo}</dd>
          <ReceiptParties receipt={data} />
        </dl>
        <NoPrint>
          <Button onClick={() => window.print()}>{EMPLOYER_TEXT.print}</Button>{' '}
          <ReceiptPdfLink id={id} kind={kind} />{' '}
          <Link to="/employer/listings">{EMPLOYER_TEXT.backToListings}</Link>
        </NoPrint>
      </Card>
    </Printable>
  );
}

const Printable = styled.div`
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.5rem 1.5rem;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const NoPrint = styled.div`
  margin-top: 1.5rem;
  @media print {
    display: none;
  }
`;

/**
 * On paper only the receipt: the shell's header, footer and skip links are hidden (they are the
 * page's landmarks: banner, contentinfo, navigation).
 */
function PrintStyle() {
  return (
    <style>{`@media print {
  header, footer, nav, [role='banner'], [role='contentinfo'] { display: none !important; }
  body { background: #fff; }
}`}</style>
  );
}
