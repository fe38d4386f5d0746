import type { Knex } from 'knex';

/** A submission row as the public form would have stored it; tests override what matters. */
export async function insertSubmission(
  db: Knex,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const [row] = await db('submissions')
    .insert({
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
      ...overrides,
    })
    .returning('id');
  return typeof row === 'object' ? Number(row.id) : Number(row);
}
