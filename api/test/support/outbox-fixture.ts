import knex from 'knex';

/**
 * For the end-to-end run: what twenty refusals over some three hours do to a message (the
 * sender's MAX_ATTEMPTS with its backoff), done at once, so a test can show the admin's Resend.
 * Only messages to `address` that the sender has already tried and failed to deliver (a real
 * refusal by the SMTP peer, its error kept) are given up. Answers how many it gave up.
 */
export async function giveUpRefusedMail(sqliteFile: string, address: string): Promise<number> {
  const db = knex({
    client: 'sqlite3',
    connection: { filename: sqliteFile },
    useNullAsDefault: true,
  });
  try {
    return await db('outbox')
      .where({ to_address: address, status: 'pending' })
      .where('attempts', '>', 0)
      .whereNotNull('last_error')
      .update({ status: 'failed', attempts: 20 });
  } finally {
    await db.destroy();
  }
}
