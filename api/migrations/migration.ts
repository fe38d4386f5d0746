import type { Knex } from 'knex';

/** One change to the schema. Timestamps everywhere are epoch milliseconds in bigint columns. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const isPostgres = (knex: Knex): boolean => knex.client.config.client === 'pg';
