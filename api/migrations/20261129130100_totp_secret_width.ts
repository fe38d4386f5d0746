import { isPostgres, type Migration } from './migration';

const COLUMNS = ['totp_secret', 'totp_pending_secret'];
/** The width of 20261126140300_admin_totp: a base32 secret, in clear. */
const CLEAR_WIDTH = 64;
const WIDTH = 255;

/**
 * The widths this migration gives on PostgreSQL. SQLite keeps the width a column was declared
 * with (it checks none, and widening the declaration would mean copying `admins`, whose rows other
 * tables cascade from): the tests that hold SQLite's rows to PostgreSQL's widths read them here.
 */
export const WIDENED_ON_POSTGRES = {
  admins: Object.fromEntries(COLUMNS.map((column) => [column, WIDTH])),
};

/**
 * The admins' two-factor secrets are stored encrypted (issue 43, finding 9): `v1:<key id>:` and
 * the base64url of a nonce, the ciphertext and a tag, 92 characters for a secret of 32, past the
 * 64 PostgreSQL's columns held. Widened to 255 (room for a longer secret or another version);
 * metadata only on PostgreSQL, and nothing on SQLite, whose varchar has no width.
 */
export default {
  name: '20261129130100_totp_secret_width',
  async up(knex) {
    if (!isPostgres(knex)) return;
    for (const column of COLUMNS) {
      await knex.raw(`ALTER TABLE admins ALTER COLUMN ${column} TYPE varchar(${WIDTH})`);
    }
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    // An encrypted secret does not fit back, and the release before cannot read it anyway.
    const [row] = await knex('admins')
      .whereRaw(COLUMNS.map((column) => `length(${column}) > ${CLEAR_WIDTH}`).join(' OR '))
      .count({ n: '*' });
    if (Number(row?.n ?? 0) > 0) {
      throw new Error(
        `Some admins' two-factor secrets are stored encrypted, which the columns of ${CLEAR_WIDTH} characters cannot hold: turn their two-factor sign-in off first (jobboard admin reset-2fa <username>).`,
      );
    }
    for (const column of COLUMNS) {
      await knex.raw(`ALTER TABLE admins ALTER COLUMN ${column} TYPE varchar(${CLEAR_WIDTH})`);
    }
  },
} satisfies Migration;
