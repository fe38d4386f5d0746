import type { EmployerReceipt } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointUrl } from '@jobboard/contract/endpoints';
import type { ReceiptKind } from '../api/employer';

/** The texts of a receipt's billing parts (issue 47). */
export const RECEIPT_BILLING_TEXT = {
  seller: 'From',
  buyer: 'Organization billed',
  poNumber: (po: string) => `PO number: ${po}`,
  taxId: (id: string) => `Tax ID: ${id}`,
  ein: (ein: string) => `EIN ${ein}`,
  pdf: 'Download PDF',
} as const;

/** A text of lines as the receipt shows it: each line its own. */
const Lines = ({ text }: { text: string }) => (
  <>
    {text.split('\n').map((line, i) => (
      <span key={i}>
        {i > 0 && <br />}
        {line}
      </span>
    ))}
  </>
);

/**
 * The publication selling (its legal name, address and EIN, as the admins set them) and the
 * organization billed (as the buyer gave it on the pay page), when the receipt has them.
 */
export function ReceiptParties({ receipt }: { receipt: EmployerReceipt }) {
  const { seller, buyer } = receipt;
  return (
    <>
      {seller?.legalName && (
        <>
          <dt>{RECEIPT_BILLING_TEXT.seller}</dt>
          <dd>
            {seller.legalName}
            {seller.address && (
              <>
                <br />
                <Lines text={seller.address} />
              </>
            )}
            {seller.ein && (
              <>
                <br />
                {RECEIPT_BILLING_TEXT.ein(seller.ein)}
              </>
            )}
          </dd>
        </>
      )}
      {buyer && (
        <>
          <dt>{RECEIPT_BILLING_TEXT.buyer}</dt>
          <dd>
            {buyer.legalName}
            <br />
            <Lines text={buyer.billingAddress} />
            {buyer.poNumber && (
              <>
                <br />
                {RECEIPT_BILLING_TEXT.poNumber(buyer.poNumber)}
              </>
            )}
            {buyer.taxId && (
              <>
                <br />
                {RECEIPT_BILLING_TEXT.taxId(buyer.taxId)}
              </>
            )}
          </dd>
        </>
      )}
    </>
  );
}

/** The PDF of each kind of receipt (a renewal's has its own, issue 47). */
const PDF_ENDPOINTS = {
  payment: ENDPOINTS.employerReceiptPdf,
  renewal: ENDPOINTS.employerRenewalReceiptPdf,
} as const;

/** The receipt as a PDF, for a finance team's files: `id` as the page's address names it. */
export function ReceiptPdfLink({ id, kind }: { id: string; kind: ReceiptKind }) {
  return (
    <a href={endpointUrl(PDF_ENDPOINTS[kind], { params: { id } })} download>
      {RECEIPT_BILLING_TEXT.pdf}
    </a>
  );
}
