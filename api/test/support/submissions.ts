import type { Knex } from 'knex';

/** A submission row as the public form would have stored it; tests override what matters. */
export async function insertSubmission(
  db: Knex,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const contact = String(overrides.contact_email ?? 'sam@openballot.example');
  // As the app files a submission (issue 47): its contact address's organisation; none on a
  // schema from before organisations (a test of an upgrade), or when the test says
  // `organization_id: undefined`.
  const given =
    'organization_id' in overrides || !(await db.schema.hasTable('organization_members'));
  const { organization_id: organizationId, ...rest } = overrides;
  const [row] = await db('submissions')
    .insert({
      ...(given
        ? organizationId === undefined
          ? {}
          : { organization_id: organizationId }
        : {
            organization_id: contact.trim()
              ? await organizationOf(
                  db,
                  contact,
                  String(overrides.organization ?? 'Open Ballot Project'),
                )
              : null,
          }),
      title: 'Digital Organizer',
      organization: 'Open Ballot Project',
      description:
        'Organize volunteers online and run digital campaigns for voting rights across the state.',
      location: 'Remote',
      categories: JSON.stringify(['Political', 'Communications']),
      job_type: 'Full-time',
      experience_level: 'Not specified',
      salary_min: 55_000,
      salary_max: 65_000,
      application_url: 'https://openballot.example/jobs/organizer',
      deadline: null,
      contact_name: 'Sam Rivera',
      contact_email: 'sam@openballot.example',
      listing_type: 'basic',
      amount_cents: 9_900,
      status: 'approved',
      submitted_at: now,
      updated_at: now,
      ...rest,
    })
    .returning('id');
  return typeof row === 'object' ? Number(row.id) : Number(row);
}

/**
 * The organisation of an address as the app would have it (issue 47): its own, or a new
 * organisation of one with the address its owner.
 */
export async function organizationOf(db: Knex, email: string, name = email): Promise<number> {
  const key = email.trim().toLowerCase();
  const member = await db('organization_members').where({ email_key: key }).first();
  if (member) return Number(member.organization_id);
  const [org] = await db('organizations')
    .insert({ name, domain_join: false, created_at: 0 })
    .returning('id');
  const id = typeof org === 'object' ? Number(org.id) : Number(org);
  await db('organization_members').insert({
    organization_id: id,
    email_key: key,
    role: 'owner',
    joined_at: 0,
  });
  return id;
}

/** Multiples credits as a paid Multiples submission gives them: its organisation's. */
export async function giveCredits(
  db: Knex,
  credit: { email: string; source: number; remaining: number },
): Promise<void> {
  await db('listing_credits').insert({
    contact_email: credit.email.trim().toLowerCase(),
    organization_id: await organizationOf(db, credit.email),
    source_submission_id: credit.source,
    remaining: credit.remaining,
    created_at: 0,
  });
}
