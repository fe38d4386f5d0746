import { readFileSync } from 'node:fs';
import {
  APPLICATION_LABELS,
  APPLICATION_MESSAGES,
  INBOX_MESSAGES,
} from '@jobboard/contract/applications';
import type { Job } from '@jobboard/contract/jobs';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { mailText, toasts, waitForMail, type Mail } from '../support/admin';
import { cardOf, dialog, searchApi } from '../support/board';
import { screenshot } from '../support/screenshot';
import { expect, test } from '../support/test';

/**
 * Applying on the board (issue 42), as a seeker and an employer act: a seeker applies with a PDF
 * and gets the confirmation from the SMTP peer; the employer signs in, finds it in their inbox,
 * shortlists it, downloads the very bytes that were sent and declines it with their template; an
 * application relayed by e-mail arrives with its résumé attached and Reply-To the seeker; a job
 * that takes none on the board shows no success, ever; and the form works without JavaScript.
 * The demo's jobs show each way (api/src/seed/demo-jobs.json).
 */

/** A small but real PDF (what file-type reads as one), different for each test. */
const pdf = (marker: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${marker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

async function demoJob(request: APIRequestContext, title: string): Promise<Job> {
  const { jobs } = await searchApi(request, { query: title });
  const job = jobs.find((j) => j.title === title);
  expect(job, title).toBeDefined();
  return job!;
}

/** Fill the application dialog (or the page without JavaScript: the same labels). */
async function fillApplication(
  page: Page,
  who: { name: string; email: string; coverNote: string },
  resume: Buffer,
) {
  await page.getByLabel(APPLICATION_LABELS.name).fill(who.name);
  await page.getByLabel(APPLICATION_LABELS.email).fill(who.email);
  await page.getByLabel(APPLICATION_LABELS.coverNote).fill(who.coverNote);
  await page
    .getByLabel(APPLICATION_LABELS.resume)
    .setInputFiles({ name: 'rosa-delgado-cv.pdf', mimeType: 'application/pdf', buffer: resume });
}

const mailTo = (address: string, subject: string) =>
  waitForMail((m: Mail) => m.to.includes(address) && mailText(m).includes(subject));

test('a seeker applies with a PDF; the employer shortlists it, downloads the same bytes and declines it', async ({
  page,
  request,
}, testInfo) => {
  const job = await demoJob(request, 'Development Coordinator');
  expect(job.apply?.method).toBe('board');
  const who = {
    name: 'Rosa Delgado',
    email: `rosa-${Date.now()}@applicant.example`,
    coverNote: 'I have run volunteer programmes for six years and would love to help your rescue.',
  };
  const resume = pdf(who.email);

  await page.goto(`/jobs/${job.id}`);
  const modal = dialog(page).filter({ hasText: job.title }).first();
  await modal.getByRole('link', { name: 'Apply on the board' }).click();
  const form = page.getByRole('dialog', { name: APPLICATION_LABELS.title(job.title) });
  await expect(form).toBeVisible();

  // Sent incomplete first: each message beside its field, nothing sent.
  await form.getByRole('button', { name: APPLICATION_LABELS.send }).click();
  await expect(form.getByLabel(APPLICATION_LABELS.name)).toHaveAccessibleDescription(
    new RegExp(APPLICATION_MESSAGES.name),
  );
  await expect(page.getByText(APPLICATION_MESSAGES.sentTitle)).toHaveCount(0);

  await fillApplication(page, who, resume);
  const required = job.apply!.questions.find((q) => q.required && q.kind === 'yesNo')!;
  await form.getByRole('group', { name: required.label }).getByLabel('Yes').check();
  // A screen tall enough for the whole dialog, for the picture.
  await page.setViewportSize({ width: 1280, height: 1700 });
  const shot = testInfo.outputPath('application-dialog.png');
  await page.screenshot({ path: shot });
  await page.setViewportSize({ width: 1280, height: 720 });
  await testInfo.attach('application-dialog', { path: shot, contentType: 'image/png' });
  await form.getByRole('button', { name: APPLICATION_LABELS.send }).click();

  // Only now, with the server's receipt: sent.
  await expect(toasts(page)).toContainText(APPLICATION_MESSAGES.sentTitle);
  await expect(toasts(page)).toContainText(
    APPLICATION_MESSAGES.sent(job.title, job.organization, who.email),
  );
  await expect(form).toBeHidden();

  // The confirmation, from the SMTP peer: what was sent, to whom, and the withdrawal link.
  const confirmation = await mailTo(who.email, `Your application for ${job.title}`);
  const text = mailText(confirmation);
  expect(text).toContain(job.organization);
  expect(text).toContain('rosa-delgado-cv.pdf');
  expect(text).toMatch(/\/applications\/withdraw\?token=[\w-]{43}/);
  // And the employer hears of it (one e-mail each, until they choose a digest).
  await mailTo('hiring@kindredrescue.example', `New application for ${job.title}`);

  // A second one from the same address is refused kindly; the dialog keeps what was typed.
  await page.goto(`/jobs/${job.id}`);
  await dialog(page)
    .filter({ hasText: job.title })
    .first()
    .getByRole('link', { name: 'Apply on the board' })
    .click();
  const again = page.getByRole('dialog', { name: APPLICATION_LABELS.title(job.title) });
  await expect(again.getByLabel(APPLICATION_LABELS.name)).toHaveValue('');
  await fillApplication(page, who, resume);
  await again.getByRole('group', { name: required.label }).getByLabel('Yes').check();
  await again.getByRole('button', { name: APPLICATION_LABELS.send }).click();
  await expect(again.getByText(APPLICATION_MESSAGES.duplicate)).toBeVisible();
  await expect(again.getByLabel(APPLICATION_LABELS.coverNote)).toHaveValue(who.coverNote);

  // The employer signs in from the link e-mailed to them and finds it in their inbox.
  const employer = 'hiring@kindredrescue.example';
  await page.goto('/employer');
  await page.getByLabel('Your e-mail address').fill(employer);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const signIn = await mailTo(employer, 'Your sign-in link');
  await page.goto(
    /http:\/\/localhost:\d+\/employer\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(mailText(signIn))![0],
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('article', { name: job.title })
    .getByRole('link', { name: /^Applications \(\d+\)$/ })
    .click();
  await expect(page.getByRole('heading', { name: `Applications for ${job.title}` })).toBeVisible();
  const application = page.getByRole('article', { name: who.name });
  await expect(application).toContainText(who.coverNote);

  // Shortlisted and starred.
  await application.getByLabel('Status').selectOption('shortlisted');
  await expect(toasts(page)).toContainText('Marked Shortlisted.');
  await application.getByRole('button', { name: `Star ${who.name}` }).click();
  await expect(application.getByRole('button', { name: `Star ${who.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await screenshot(page, testInfo, 'employer-inbox');

  // The résumé downloads as the very bytes the seeker sent.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    application.getByRole('link', { name: /Download résumé/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('rosa-delgado-cv.pdf');
  expect(readFileSync(await download.path()).equals(resume)).toBe(true);

  // Declined, kindly: the employer's template, Reply-To the employer.
  await application.getByRole('button', { name: /^Decline/ }).click();
  const decline = page.getByRole('dialog', { name: `Decline ${who.name}` });
  await decline.getByRole('button', { name: 'Send decline e-mail' }).click();
  await expect(toasts(page)).toContainText(INBOX_MESSAGES.declined(who.name));
  const declined = await waitForMail(
    (m) => m.to.includes(who.email) && mailText(m).includes('other candidates'),
  );
  const declineMail = await simpleParser(declined.raw);
  expect(declineMail.replyTo?.value.map((a) => a.address)).toEqual([employer]);
  expect(declineMail.text).toContain(`Dear ${who.name},`);
  expect(declineMail.text).toContain(job.title);
});

test('an application relayed by e-mail arrives with its résumé attached and Reply-To the seeker', async ({
  page,
  request,
}) => {
  const job = await demoJob(request, 'Volunteer Coordinator');
  expect(job.apply?.method).toBe('board');
  const who = {
    name: 'Amir Haddad',
    email: `amir-${Date.now()}@applicant.example`,
    coverNote: 'I organise tenant meetings in my building every month.',
  };
  const resume = pdf(who.email);
  await page.goto(`/?q=${encodeURIComponent(job.title)}`);
  await cardOf(page, job).getByRole('link', { name: 'Apply' }).click();
  await fillApplication(page, who, resume);
  await page.getByRole('button', { name: APPLICATION_LABELS.send }).click();
  await expect(toasts(page)).toContainText(APPLICATION_MESSAGES.sentTitle);

  const relayed = await mailTo('jobs@tenantvoices.example', `Application for ${job.title}`);
  const mail = await simpleParser(relayed.raw);
  expect(mail.replyTo?.value.map((a) => a.address)).toEqual([who.email]);
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]!.filename).toBe('rosa-delgado-cv.pdf');
  expect(mail.attachments[0]!.content.equals(resume)).toBe(true);
  // The address it was relayed to is on no page of the board.
  await page.goto(`/jobs/${job.id}`);
  expect(await page.content()).not.toContain('tenantvoices.example');
});

test('a job with no way to apply on the board says how, and never that anything was sent', async ({
  page,
  request,
}) => {
  const job = await demoJob(request, 'Operations and Events Coordinator');
  expect(job.apply?.method).toBe('none');
  await page.goto(`/jobs/${job.id}`);
  const modal = dialog(page).filter({ hasText: job.title }).first();
  await expect(
    modal.getByRole('heading', { name: APPLICATION_MESSAGES.howToApplyHeading }),
  ).toBeVisible();
  await expect(modal).toContainText(job.apply!.howToApply!);
  await expect(modal.getByRole('link', { name: /Apply|View Job Posting/ })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: /Apply|View Job Posting/ })).toHaveCount(0);
  await expect(page.getByText(APPLICATION_MESSAGES.sentTitle)).toHaveCount(0);
  await expect(page.getByText('Application Submitted')).toHaveCount(0);
});

test('with JavaScript off, the Apply link leads to a form the server draws, which sends', async ({
  browser,
  request,
}) => {
  const job = await demoJob(request, 'Podcast Producer');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('link', { name: 'Apply on the board' }).first().click();
    await expect(
      page.getByRole('heading', { name: APPLICATION_LABELS.title(job.title) }),
    ).toBeVisible();
    const who = {
      name: 'Lee Park',
      email: `lee-${Date.now()}@applicant.example`,
      coverNote: 'I produce a weekly neighbourhood podcast.',
    };
    // An address the browser lets through but the board does not (no domain): the page comes
    // back with its message and the rest kept.
    await fillApplication(page, { ...who, email: 'lee@localhost' }, pdf(who.name));
    await page.getByRole('button', { name: APPLICATION_LABELS.send }).click();
    await expect(page.getByText(APPLICATION_MESSAGES.email)).toBeVisible();
    await expect(page.getByLabel(APPLICATION_LABELS.coverNote)).toHaveValue(who.coverNote);
    await page.getByLabel(APPLICATION_LABELS.email).fill(who.email);
    await page
      .getByLabel(APPLICATION_LABELS.resume)
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf(who.email) });
    await page.getByRole('button', { name: APPLICATION_LABELS.send }).click();
    await expect(page.getByRole('heading', { name: APPLICATION_MESSAGES.sentTitle })).toBeVisible();
    await mailTo(who.email, `Your application for ${job.title}`);
  } finally {
    await context.close();
  }
});
