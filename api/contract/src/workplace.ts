import { described } from './json-schema';
import { JOB_LIMITS } from './job-limits';
import { labelKey } from './labels';

/**
 * Where a job is done (issue 47): at its locations (on-site), partly there and partly from
 * elsewhere (hybrid), or from anywhere within some places (remote), with `remotePlaces`, the
 * places a remote or hybrid role may be done from ("US", "MD, VA, DC"). One home for the choice,
 * its words, its limits and its messages: the submission form, the admin's form, proposals, the
 * sync's mapping, the job page, the board's filter and the JobPosting read them here.
 *
 * Before, "remote" was a flag inferred from text (a location or a job type named Remote); that
 * flag stays written beside the type (true exactly for a remote job) for a release that reads it
 * (docs/decisions/expand-contract-migrations.md).
 */
export const WORKPLACE_TYPES = ['on_site', 'hybrid', 'remote'] as const;
export type WorkplaceType = (typeof WORKPLACE_TYPES)[number];

/** A job that says nothing of its workplace is done at its locations. */
export const DEFAULT_WORKPLACE_TYPE: WorkplaceType = 'on_site';

/** The words of the choice and its field, on every form and page (docs/product.md#workplace). */
export const WORKPLACE_TEXTS = {
  field: 'Workplace',
  labels: { on_site: 'On-site', hybrid: 'Hybrid', remote: 'Remote' },
  places: 'Can be done from',
  placesHelp:
    'States or countries, separated by commas: "US", or "MD, VA, DC". Leave blank for anywhere in the US.',
} as const;

/** The board's filter (query string `onsite=true`, `hybrid=true`, `remote=true`): any of those chosen. */
export const WORKPLACE_FILTERS = [
  { flag: 'onSite', type: 'on_site', param: 'onsite', label: WORKPLACE_TEXTS.labels.on_site },
  { flag: 'hybrid', type: 'hybrid', param: 'hybrid', label: WORKPLACE_TEXTS.labels.hybrid },
  // `remote=true` is the name the board's Remote box always had: saved links and stored job
  // alerts keep meaning the same search.
  { flag: 'remote', type: 'remote', param: 'remote', label: WORKPLACE_TEXTS.labels.remote },
] as const satisfies readonly { flag: string; type: WorkplaceType; param: string; label: string }[];
export const WORKPLACE_FLAGS = WORKPLACE_FILTERS.map((f) => f.flag);
export type WorkplaceFlag = (typeof WORKPLACE_FILTERS)[number]['flag'];

/** What a form or the API answers to a workplace it cannot take, word for word. */
export const WORKPLACE_MESSAGES = {
  workplaceType: 'Please choose On-site, Hybrid or Remote',
  remotePlaces: `Please keep the places under ${JOB_LIMITS.remotePlaces} characters`,
  placesOnSite:
    'An on-site job is done at its locations: choose Hybrid or Remote to say where else it may be done from, or leave this blank',
} as const;

export const isWorkplaceType = (value: unknown): value is WorkplaceType =>
  (WORKPLACE_TYPES as readonly unknown[]).includes(value);

/** The workplace field of a form or an API body (its JSON Schema: the three values). */
export const workplaceTypeField = described<WorkplaceType>(
  'workplaceType',
  { enum: WORKPLACE_TYPES },
  (value) => isWorkplaceType(value) || WORKPLACE_MESSAGES.workplaceType,
);

/** The places as typed: text of at most JOB_LIMITS.remotePlaces characters ('' for none). */
export const remotePlacesField = described<string>(
  'remotePlaces',
  { type: 'string', maxLength: JOB_LIMITS.remotePlaces },
  (value) =>
    (typeof value === 'string' && value.length <= JOB_LIMITS.remotePlaces) ||
    WORKPLACE_MESSAGES.remotePlaces,
);

/**
 * The cross-field rule of a form: places belong to a hybrid or remote job only. A form that
 * sends no workplace (an older build) sends no places either.
 */
export function checkWorkplace(value: {
  workplaceType?: WorkplaceType | null;
  remotePlaces?: string | null;
}): true | { path: string[]; message: string } {
  const type = value.workplaceType ?? DEFAULT_WORKPLACE_TYPE;
  if (type === 'on_site' && remotePlaceList(value.remotePlaces ?? '').length > 0) {
    return { path: ['remotePlaces'], message: WORKPLACE_MESSAGES.placesOnSite };
  }
  return true;
}

/** The places of a text: split at commas or semicolons, trimmed, blanks and repeats left out. */
export function remotePlaceList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[,;]/)
    .map((place) => place.trim().replace(/\s+/g, ' '))
    .filter((place) => place !== '' && !seen.has(labelKey(place)) && seen.add(labelKey(place)));
}

/** The places as stored and shown: 'MD, VA, DC' (never longer than what was typed, so within the limit). */
export function normaliseRemotePlaces(text: string): string {
  return remotePlaceList(text).join(', ');
}

/**
 * The workplace of a job from what the board knew before (its remote flag, a job type or a
 * location named Remote): remote or on-site. The migration of existing jobs, an older form or
 * admin build that sends no workplace, and a sync without a mapped column read it.
 */
export function workplaceFromFlag(job: {
  remote?: boolean | null;
  jobType?: string | null;
  locations?: readonly string[];
}): WorkplaceType {
  const remote =
    Boolean(job.remote) ||
    /^\s*remote\s*$/i.test(job.jobType ?? '') ||
    (job.locations ?? []).some((location) => /\bremote\b/i.test(location));
  return remote ? 'remote' : 'on_site';
}

/**
 * A job's workplace as the job page and the board show it: 'On-site', 'Hybrid (MD, VA, DC)',
 * 'Remote (US)', 'Remote'. An on-site job's places (there are none) are never shown.
 */
export function workplaceLabel(type: WorkplaceType, places = ''): string {
  const label = WORKPLACE_TEXTS.labels[type];
  const list = type === 'on_site' ? [] : remotePlaceList(places);
  return list.length ? `${label} (${list.join(', ')})` : label;
}

/**
 * A job's workplace from its API answer: `workplaceType` when the API sends it (contract 1.5),
 * else as the board read it before (the remote flag, a location named Remote).
 */
export function workplaceOfJob(job: {
  workplaceType?: WorkplaceType;
  remote: boolean;
  locations?: readonly string[];
}): WorkplaceType {
  return job.workplaceType ?? workplaceFromFlag(job);
}

/**
 * The workplace flags a filter asks for: its own, and the Remote box of a board built before
 * contract 1.5 (`jobType.remote`), which means the same.
 */
export function workplaceFlagsOf(filter: {
  workplace?: Partial<Record<WorkplaceFlag, boolean>>;
  jobType: { remote?: boolean };
}): Record<WorkplaceFlag, boolean> {
  return {
    onSite: filter.workplace?.onSite === true,
    hybrid: filter.workplace?.hybrid === true,
    remote: filter.workplace?.remote === true || filter.jobType.remote === true,
  };
}

/** The workplace types a filter matches (none: every job). */
export function workplaceTypesOf(filter: Parameters<typeof workplaceFlagsOf>[0]): WorkplaceType[] {
  const flags = workplaceFlagsOf(filter);
  return WORKPLACE_FILTERS.filter((f) => flags[f.flag]).map((f) => f.type);
}
