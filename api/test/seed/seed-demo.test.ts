import { CATEGORY_CHOICES, isoDate, addDays } from '@jobboard/contract/common';
import { type Job } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../src/seed/seed-demo';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
let jobs: Job[];
beforeAll(async () => {
  t = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  expect(await seedDemoIfEmpty(t.app)).toBeGreaterThanOrEqual(40);
  jobs = (await t.app.inject('/api/jobs')).json();
});
afterAll(() => t.close());

describe(`demo data on ${testDatabase}`, () => {
  it('loads at least 40 public jobs, once', async () => {
    expect(jobs.length).toBeGreaterThanOrEqual(40);
    expect(await seedDemoIfEmpty(t.app)).toBe(0);
    expect(await t.app.jobs.count()).toBe(jobs.length);
  });

  it('covers every category, job type, and the shapes the board must show', () => {
    const categories = new Set(jobs.flatMap((j) => j.category));
    for (const category of CATEGORY_CHOICES) expect(categories).toContain(category);
    const types = new Set(jobs.map((j) => j.jobType));
    for (const type of [
      'Full-time',
      'Part-time',
      'Contract',
      'Temporary',
      'Internship',
      'Volunteer',
    ]) {
      expect(types).toContain(type);
    }
    expect(jobs.some((j) => j.locations.length > 1)).toBe(true);
    expect(jobs.some((j) => j.locations.includes('Remote') && j.remote)).toBe(true);
    expect(jobs.some((j) => j.salary) && jobs.some((j) => !j.salary)).toBe(true);
    expect(jobs.some((j) => j.featured)).toBe(true);
    expect(jobs.some((j) => j.deadline)).toBe(true);
    expect(jobs.some((j) => !j.applicationUrl)).toBe(true);
    expect(new Set(jobs.map((j) => j.organization)).size).toBeGreaterThanOrEqual(30);
  });

  it('shows each way of applying: by link, on the board (relayed or into an inbox), and by words alone', async () => {
    const ways = new Set(jobs.map((j) => j.apply?.method));
    expect([...ways].sort()).toEqual(['board', 'link', 'none']);
    const none = jobs.filter((j) => j.apply?.method === 'none');
    expect(none.every((j) => j.apply?.howToApply)).toBe(true);
    expect(jobs.some((j) => j.apply?.questions.length)).toBe(true);
    // The 'form' job has its demo employer, whose inbox its applications reach.
    const withQuestions = jobs.find((j) => j.apply?.questions.length)!;
    const employer = await t.app.submissions.ofJob(t.db, Number(withQuestions.id));
    expect(employer?.contact_email).toBe('hiring@kindredrescue.example');
    // The relayed addresses are in no public answer.
    expect(JSON.stringify(jobs)).not.toMatch(/jobs@(?:tenantvoices|frontporchaudio)\.example/);
  });

  it('spreads posted dates over the last 45 days, with some in the recent window', async () => {
    const today = isoDate(t.clock.now);
    const oldest = isoDate(addDays(t.clock.now, -45));
    for (const job of jobs) {
      expect(job.postedDate <= today && job.postedDate >= oldest).toBe(true);
    }
    const recent = (await t.app.inject('/api/jobs/recent')).json();
    expect(recent.length).toBeGreaterThanOrEqual(10);
  });

  it('is skipped when SEED_DEMO=false', async () => {
    const off = await buildTestApp({ env: { SEED_DEMO: 'false' } });
    try {
      expect(await seedDemoIfEmpty(off.app)).toBe(0);
      expect(await off.app.jobs.count()).toBe(0);
    } finally {
      await off.close();
    }
  });
});
