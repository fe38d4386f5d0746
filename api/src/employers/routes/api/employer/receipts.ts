import type { EmployerReceipt } from '@jobboard/contract/employer';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * GET /api/employer/receipts/:id: the printable receipt of one of the address's payments, with the
 * seller and buyer billing adds (issue 47); GET /api/employer/receipts/:id/pdf: the same as a PDF;
 * GET /api/employer/renewal-receipts/:id (and /pdf): of one of its paid renewals, with the same
 * seller and the listing's buyer.
 *
 * Who may read a receipt is the employers' check alone (`app.employers.receipt`,
 * `app.employers.renewalReceipt`): billing only adds its fields to a receipt that check let through.
 */
const receiptsRoutes: FastifyPluginAsync = async (app) => {
  const billedReceipt = async (email: string, id: number) => {
    const receipt = await app.employers.receipt(email, id);
    const { seller, buyer, reference, paidBy } = await app.payments.receiptParties(id);
    return {
      receipt: { ...receipt, seller, buyer, reference: reference ?? receipt.reference },
      paidBy,
    };
  };
  const billedRenewalReceipt = async (email: string, id: number) => {
    const receipt = await app.employers.renewalReceipt(email, id);
    // The check above found the renewal and its listing; this reads whom that listing bills.
    const renewal = (await app.renewals.paidRenewal(id))!;
    const { seller, buyer, reference, paidBy } = await app.payments.renewalReceiptParties(
      renewal.submissionId!,
      renewal.checkoutSessionId,
    );
    return {
      receipt: { ...receipt, seller, buyer, reference: reference ?? receipt.reference },
      paidBy,
    };
  };
  // A download, never kept on the way (it names the buyer), as a résumé's is.
  const sendPdf = async (
    reply: FastifyReply,
    { receipt, paidBy }: { receipt: EmployerReceipt; paidBy: string },
  ) =>
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="receipt-${receipt.id}.pdf"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(await app.payments.receiptPdf({ ...receipt, paidBy }));

  // Each kind of receipt, as JSON and as a PDF, read the same way.
  const kinds = [
    [ENDPOINTS.employerReceipt, ENDPOINTS.employerReceiptPdf, billedReceipt],
    [ENDPOINTS.employerRenewalReceipt, ENDPOINTS.employerRenewalReceiptPdf, billedRenewalReceipt],
  ] as const;
  for (const [json, pdf, read] of kinds) {
    route(
      app,
      json,
      {},
      async (request) => (await read(request.employer!.email, Number(request.params.id))).receipt,
    );
    route(app, pdf, {}, async (request, reply) =>
      sendPdf(
        reply as FastifyReply,
        await read(request.employer!.email, Number(request.params.id)),
      ),
    );
  }
};

export default receiptsRoutes;
