import type { Migration } from './migration';

/**
 * Sessions know whose they are, so changing an admin's password or deleting the admin can end
 * every session of that admin: `sessions.admin_id` (deleted with its admin), and
 * `admins.password_changed_at`, before which no sign-in counts any more. Existing sessions get
 * their admin from their stored data; existing admins count their last save as the last change.
 */
export default {
  name: '20261123200100_sessions_per_admin',
  async up(knex) {
    await knex.schema.alterTable('sessions', (t) => {
      t.integer('admin_id').nullable().references('id').inTable('admins').onDelete('CASCADE');
      t.index(['admin_id']);
    });
    await knex.schema.alterTable('admins', (t) => {
      t.bigInteger('password_changed_at').nullable();
    });
    await knex('admins').update({ password_changed_at: knex.ref('updated_at') });

    const admins = new Set(
      (await knex('admins').select('id')).map((row: { id: number }) => Number(row.id)),
    );
    const sessions: { sid: string; data: string }[] = await knex('sessions').select('sid', 'data');
    for (const { sid, data } of sessions) {
      let adminId: unknown;
      try {
        adminId = (JSON.parse(data) as { admin?: { id?: unknown } }).admin?.id;
      } catch {
        adminId = undefined;
      }
      if (typeof adminId === 'number' && admins.has(adminId)) {
        await knex('sessions').where({ sid }).update({ admin_id: adminId });
      } else {
        await knex('sessions').where({ sid }).delete(); // nobody's, or a deleted admin's
      }
    }
  },
  async down(knex) {
    // Sessions first: nothing refers to them, so SQLite may rebuild the table safely.
    await knex.schema.alterTable('sessions', (t) => {
      t.dropIndex(['admin_id']);
      t.dropForeign(['admin_id']);
      t.dropColumn('admin_id');
    });
    // A plain DROP COLUMN on both databases: rebuilding `admins` on SQLite would delete and
    // re-insert every admin, and the rows that refer to admins would cascade with them.
    await knex.raw('ALTER TABLE admins DROP COLUMN password_changed_at');
  },
} satisfies Migration;
