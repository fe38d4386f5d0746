import type { Migration } from './migration';

/**
 * Issue 47, billing as nonprofits pay. Only adds (docs/decisions/expand-contract-migrations.md):
 * - `billing_details`: whom a listing is billed to, as its buyer said on the pay page (their kind,
 *   the organization's legal name and billing address, an optional PO number and tax id), for its
 *   invoice and receipts; and what the listing owed at the list price when the buyer first said
 *   their kind (the base a nonprofit or business price is taken from, whatever is said after);
 * - on `payments`, a Stripe invoice (`stripe_invoice_id`, when it is due and its page) for a
 *   payment billed by invoice (status 'invoiced' until Stripe says it is paid), and an offline
 *   payment's method, reference and the day it was received (provider 'offline').
 * The widths are those of BILLING_LIMITS (@jobboard/contract/payments).
 */
export default {
  name: '20261201030000_billing',
  async up(knex) {
    await knex.schema.createTable('billing_details', (t) => {
      t.integer('submission_id')
        .primary()
        .references('id')
        .inTable('submissions')
        .onDelete('CASCADE');
      t.string('buyer_kind', 20).notNullable();
      t.string('legal_name', 200).notNullable();
      t.string('billing_address', 500).notNullable();
      t.string('po_number', 40).nullable();
      t.string('tax_id', 40).nullable();
      t.integer('list_owed_cents').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.alterTable('payments', (t) => {
      t.string('stripe_invoice_id', 255).nullable().unique();
      t.bigInteger('invoice_due_at').nullable();
      t.string('invoice_url', 1024).nullable();
      t.string('offline_method', 20).nullable();
      t.string('offline_reference', 120).nullable();
      t.string('received_on', 10).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('payments', (t) => {
      t.dropUnique(['stripe_invoice_id']);
      t.dropColumns(
        'stripe_invoice_id',
        'invoice_due_at',
        'invoice_url',
        'offline_method',
        'offline_reference',
        'received_on',
      );
    });
    await knex.schema.dropTable('billing_details');
  },
} satisfies Migration;
