import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * GET /api/employer/receipts/:id: the printable receipt of one of the address's payments, with the
 * seller and buyer billing adds (issue 47); GET /api/employer/receipts/:id/pdf: the same as a PDF;
 * GET /api/employer/renewal-receipts/:id: of one of its paid renewals.
 *
 * Who may read a receipt is the employers' check alone (`app.employers.receipt`): billing only adds
 * its fields to a receipt that check let through.
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

  route(
    app,
    ENDPOINTS.employerReceipt,
    {},
    async (request) =>
      (await billedReceipt(request.employer!.email, Number(request.params.id))).receipt,
  );
  route(app, ENDPOINTS.employerReceiptPdf, {}, async (request, reply) => {
    const { receipt, paidBy } = await billedReceipt(
      request.employer!.email,
      Number(request.params.id),
    );
    const pdf = await app.payments.receiptPdf({ ...receipt, paidBy });
    // A download, never kept on the way (it names the buyer), as a résumé's is.
    return (reply as FastifyReply)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="receipt-${receipt.id}.pdf"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
  route(app, ENDPOINTS.employerRenewalReceipt, {}, async (request) =>
    app.employers.renewalReceipt(request.employer!.email, Number(request.params.id)),
  );
};

export default receiptsRoutes;
