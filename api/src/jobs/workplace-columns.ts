import {
  normaliseRemotePlaces,
  workplaceFromFlag,
  type ChangeValue,
  type JobField,
  type WorkplaceType,
} from '@jobboard/contract/jobs';
import type { Knex } from 'knex';

/**
 * A job's workplace in its columns (issue 47, migration 20261201020000): `workplace_type`,
 * `remote_places` (the places as typed, normalised; null for none and always for an on-site job)
 * and the old flag `remote`, still written (true exactly for a remote job) for the previous
 * release, which reads only it (docs/decisions/expand-contract-migrations.md).
 */

interface WorkplaceGiven {
  workplaceType?: WorkplaceType;
  remotePlaces?: string | null;
  /** A writer that knows only whether the job is remote (a bulk import, a source's flag). */
  remote?: boolean;
}

/** A row's workplace columns as stored. */
interface WorkplaceRow {
  workplace_type: WorkplaceType;
  remote_places: string | null;
  remote: boolean | number;
}

const placesColumn = (type: WorkplaceType, places: string | null | undefined) =>
  type === 'on_site' ? null : normaliseRemotePlaces(places ?? '') || null;

/**
 * The columns of a new job. A writer that gives no workplace (a bulk import) has its job read as
 * the migration read the jobs before: remote by its flag, a job type or a location named Remote.
 */
export function workplaceColumns(
  input: WorkplaceGiven & { jobType: string; locations: readonly string[] },
) {
  const type = input.workplaceType ?? workplaceFromFlag(input);
  return {
    workplace_type: type,
    remote_places: placesColumn(type, input.remotePlaces),
    remote: type === 'remote',
  };
}

/**
 * A row's workplace as the API answers it. A row the previous release wrote after this one's
 * migration (a rollback, then this release again) has the column's default type and only its
 * flag: the flag says remote.
 */
export function workplaceOfRow(row: WorkplaceRow) {
  const type: WorkplaceType =
    row.workplace_type === 'on_site' && Boolean(row.remote) ? 'remote' : row.workplace_type;
  return { remote: type === 'remote', workplaceType: type, remotePlaces: row.remote_places ?? '' };
}

/**
 * A patch's workplace, compared with the row's (planPatch's `set`: written and reported only when
 * it differs). A writer that gives only the flag makes a job remote, or a remote job on-site; a
 * hybrid job stays hybrid when told it is not fully remote. Answers the flag's column to write
 * with them.
 */
export function planWorkplace(
  row: WorkplaceRow,
  patch: WorkplaceGiven,
  set: (field: JobField, column: string, from: ChangeValue, to: ChangeValue) => void,
): Record<string, unknown> {
  const stored = workplaceOfRow(row);
  let type = stored.workplaceType;
  if (patch.workplaceType !== undefined) type = patch.workplaceType;
  else if (patch.remote === true) type = 'remote';
  else if (patch.remote === false && type === 'remote') type = 'on_site';
  const places =
    patch.remotePlaces !== undefined ? patch.remotePlaces : stored.remotePlaces || null;
  set('workplaceType', 'workplace_type', stored.workplaceType, type);
  set('remotePlaces', 'remote_places', stored.remotePlaces || null, placesColumn(type, places));
  return Boolean(row.remote) === (type === 'remote') ? {} : { remote: type === 'remote' };
}

/**
 * The jobs of any of these workplaces, on a query over `jobs` (the board's filter), by the
 * columns the public orders' indexes carry (migration 20261201020100). As workplaceOfRow reads
 * them: a remote flag on an on-site row is remote.
 */
export function whereWorkplace(query: Knex.QueryBuilder, types: readonly WorkplaceType[]) {
  query.where((any) => {
    for (const type of types) {
      if (type === 'on_site') {
        any.orWhere((w) =>
          w.where('jobs.workplace_type', 'on_site').andWhere('jobs.remote', false),
        );
      } else if (type === 'remote') {
        any.orWhere((w) => w.where('jobs.workplace_type', 'remote').orWhere('jobs.remote', true));
      } else {
        any.orWhere('jobs.workplace_type', type);
      }
    }
  });
}
