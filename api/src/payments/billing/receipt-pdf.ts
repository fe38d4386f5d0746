import { formatCents } from '@jobboard/contract/common';
import type { EmployerReceipt } from '@jobboard/contract/employer';
import PDFDocument from 'pdfkit';

/**
 * A receipt as a PDF (issue 47), for a finance team's files: the publication selling (legal name,
 * address, EIN), the organization billed (its address, PO number and tax id), what was bought and
 * paid, when and how. Drawn with pdfkit's built-in Helvetica (no font files to ship); its dates are
 * the payment's, so the same receipt gives the same text every time.
 */
export function receiptPdf(receipt: EmployerReceipt & { paidBy: string }): Promise<Buffer> {
  const paidAt = new Date(receipt.paidAt);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: {
      Title: `Receipt #${receipt.id}`,
      Author: receipt.seller?.legalName || receipt.boardName,
      CreationDate: paidAt,
      ModDate: paidAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(`Receipt #${receipt.id}`);
  doc.font('Helvetica').fontSize(10).text(receipt.boardName).moveDown();

  const seller = receipt.seller;
  heading(doc, 'From');
  doc.text(seller?.legalName || receipt.boardName);
  if (seller?.address) doc.text(seller.address);
  if (seller?.ein) doc.text(`EIN ${seller.ein}`);
  doc.moveDown();

  heading(doc, 'Billed to');
  const buyer = receipt.buyer;
  if (buyer) {
    doc.text(buyer.legalName);
    doc.text(buyer.billingAddress);
    if (buyer.poNumber) doc.text(`PO number: ${buyer.poNumber}`);
    if (buyer.taxId) doc.text(`Tax ID: ${buyer.taxId}`);
    doc.text(buyer.buyerKind === 'nonprofit' ? 'Nonprofit' : 'Business');
  }
  doc.text(`Contact: ${receipt.billedTo}`);
  doc.moveDown();

  heading(doc, 'Item');
  doc.text(`${receipt.tierName}: ${receipt.title} (${receipt.organization})`);
  doc.text(`List price: ${formatCents(receipt.listPriceCents)}`);
  if (receipt.discountCents > 0) {
    doc.text(
      `Discount${receipt.promoCode ? ` (${receipt.promoCode})` : ''}: -${formatCents(receipt.discountCents)}`,
    );
  }
  doc
    .font('Helvetica-Bold')
    .text(`Amount paid: ${formatCents(receipt.amountCents)} ${receipt.currency.toUpperCase()}`);
  doc.font('Helvetica').moveDown();

  heading(doc, 'Payment');
  doc.text(`Paid on ${receipt.paidAt.slice(0, 10)}`);
  doc.text(`Paid by: ${receipt.paidBy}`);
  if (receipt.reference) doc.text(`Reference: ${receipt.reference}`);
  doc.end();
  return done;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.font('Helvetica-Bold').fontSize(11).text(text);
  doc.font('Helvetica').fontSize(10);
}
