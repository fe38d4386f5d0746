import { createHash } from 'node:crypto';
import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  applicationErrors,
  applicationLinks,
  type ApplicationFields,
  RESUME_TYPES,
  type ScreeningQuestion,
} from '@jobboard/contract/applications';
import { emailKey } from '@jobboard/contract/common';
import type { Job } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ApplyTarget } from '../jobs';
import {
  MailAttachments,
  applicationConfirmationEmail,
  applicationReceivedEmail,
  applicationRelayedEmail,
  type Outbox,
  type SentApplication,
} from '../mail';
import { Conflict, Gone, Invalid, NotFound, TooMany } from '../platform/domain-errors';
import type { ReviewRow } from '../submissions';
import { isDuplicateApplication, type ApplicationsRepository } from './applications-repository';
import { resumeFileName, resumeKindOf } from './resume-kind';
import {
  hashWithdrawToken,
  isWithdrawToken,
  newWithdrawToken,
  withdrawUrl,
} from './withdraw-links';

/** The attachment kind of a résumé in the outbox (mail/attachments.ts). */
export const RESUME_ATTACHMENT = 'application-resume';

/** An application as the form sent it: the typed fields and the résumé's bytes and name. */
export interface ApplicationInput {
  fields: Partial<ApplicationFields>;
  resume: { bytes: Buffer; name: string } | null;
}

export interface ApplicationsCollaborators {
  db: Knex;
  applications: ApplicationsRepository;
  outbox: Pick<Outbox, 'enqueue' | 'cancelCarrying'>;
  /** The job as the board shows it; NotFound when it is not public. */
  publicJob: (id: number) => Promise<Job>;
  /** Where its applications go that the public answer does not say. */
  applyTarget: (id: number) => Promise<ApplyTarget | undefined>;
  /** The submission the job came from (its employer), if any. */
  submissionOf: (id: number) => Promise<ReviewRow | undefined>;
  /** The employer's setting: an e-mail per application, or a daily digest. */
  notifyOf: (employerKey: string) => Promise<'each' | 'digest'>;
  /** Applications from one address (APPLICATION limits in platform/rate-limits.ts). */
  perAddress: RateLimiterAbstract;
  /** Applications to one job. */
  perJob: RateLimiterAbstract;
}

export interface ApplicationsSite {
  publicUrl: string;
  boardName: string;
}

/**
 * Taking applications on the board (issue 42, docs/product.md#applying): checks them with the
 * contract's rules and the résumé by its bytes, stores them, and queues with them (in the same
 * transaction) the applicant's confirmation and the employer's e-mail: the relayed application
 * with its résumé for a job that takes them by e-mail, or the news of it in their inbox.
 * Nothing is said to have been sent until it is stored.
 */
export class ApplicationsService {
  constructor(
    private readonly c: ApplicationsCollaborators,
    private readonly site: ApplicationsSite,
  ) {}

  /** The job's questions when it takes applications on the board now; else the refusal. */
  async openJob(id: number): Promise<{ job: Job; questions: ScreeningQuestion[] }> {
    const job = await this.c.publicJob(id);
    if (job.expired || !job.active) throw new Conflict(APPLICATION_MESSAGES.closed);
    if (job.apply?.method !== 'board') throw new Conflict(APPLICATION_MESSAGES.notOnBoard);
    return { job, questions: job.apply.questions };
  }

  /** Store an application; its id and the job. Invalid names each field at fault. */
  async submit(
    jobId: number,
    input: ApplicationInput,
    now: Date,
  ): Promise<{ id: number; job: Job }> {
    const { job, questions } = await this.openJob(jobId);
    const errors = applicationErrors(input.fields, questions);
    const resume = input.resume;
    const kind = resume?.bytes.length ? await resumeKindOf(resume.bytes) : undefined;
    if (!resume?.bytes.length) errors.resume = APPLICATION_MESSAGES.resume;
    else if (resume.bytes.length > APPLICATION_LIMITS.resumeBytes) {
      errors.resume = APPLICATION_MESSAGES.resumeTooLarge;
    } else if (!kind) errors.resume = APPLICATION_MESSAGES.resumeType;
    if (Object.keys(errors).length || !resume || !kind) throw new Invalid(errors);

    const fields = input.fields as ApplicationFields;
    const email = fields.email.trim();
    const key = emailKey(email);
    await this.count(this.c.perAddress, key, APPLICATION_MESSAGES.tooMany);
    await this.count(this.c.perJob, String(jobId), APPLICATION_MESSAGES.jobBusy);

    const target = await this.c.applyTarget(jobId);
    if (!target) throw new NotFound(APPLICATION_MESSAGES.closed);
    const employer = await this.c.submissionOf(jobId);
    const token = newWithdrawToken();
    const answers = questions.map((question) => ({
      question: question.label,
      answer: (fields.answers?.[question.id] ?? '').trim(),
    }));
    const resumeName = resumeFileName(resume.name, kind);
    const sent: SentApplication = {
      name: fields.name.trim(),
      email,
      phone: fields.phone?.trim() || null,
      links: applicationLinks(fields.links ?? ''),
      coverNote: fields.coverNote.trim(),
      answers,
      resumeName,
      title: job.title,
      organization: job.organization,
      jobUrl: `${this.site.publicUrl}/jobs/${jobId}`,
      boardName: this.site.boardName,
    };
    const notify = employer ? await this.c.notifyOf(emailKey(employer.contact_email)) : 'each';
    try {
      const id = await this.c.db.transaction(async (trx) => {
        const id = await this.c.applications.insert(
          trx,
          {
            job_id: jobId,
            name: sent.name,
            email,
            email_key: key,
            phone: sent.phone,
            links: JSON.stringify(sent.links),
            cover_note: sent.coverNote,
            answers: JSON.stringify(answers),
            resume_name: resumeName,
            resume_type: kind,
            resume_bytes: resume.bytes.length,
            withdraw_token_hash: hashWithdrawToken(token),
            created_at: now.getTime(),
            updated_at: now.getTime(),
          },
          resume.bytes,
          createHash('sha256').update(resume.bytes).digest('hex'),
        );
        await this.c.outbox.enqueue(
          trx,
          applicationConfirmationEmail({
            ...sent,
            withdrawUrl: withdrawUrl(this.site.publicUrl, token),
          }),
          now,
        );
        if (target.applyMethod === 'email' && target.applicationEmail) {
          await this.c.outbox.enqueue(
            trx,
            applicationRelayedEmail({
              ...sent,
              to: target.applicationEmail,
              attachment: MailAttachments.ref(RESUME_ATTACHMENT, id),
            }),
            now,
          );
          await this.c.applications.markNotified(trx, [id], now.getTime());
        } else if (employer && notify === 'each') {
          await this.c.outbox.enqueue(
            trx,
            applicationReceivedEmail({
              to: employer.contact_email,
              contactName: employer.contact_name || null,
              applicant: sent.name,
              title: job.title,
              inboxUrl: `${this.site.publicUrl}/employer/jobs/${jobId}/applications`,
              boardName: this.site.boardName,
            }),
            now,
          );
          await this.c.applications.markNotified(trx, [id], now.getTime());
        }
        return id;
      });
      return { id, job };
    } catch (error) {
      if (isDuplicateApplication(error)) throw new Conflict(APPLICATION_MESSAGES.duplicate);
      throw error;
    }
  }

  /**
   * Withdraw and delete an application through the applicant's link: its résumé and any message
   * not yet sent that carries it go too. Gone when there is nothing (left) to withdraw.
   */
  async withdraw(token: string): Promise<void> {
    if (!isWithdrawToken(token)) throw new Gone(APPLICATION_MESSAGES.withdrawGone);
    await this.c.db.transaction(async (trx) => {
      const row = await this.c.applications.byWithdrawHash(trx, hashWithdrawToken(token));
      if (!row) throw new Gone(APPLICATION_MESSAGES.withdrawGone);
      await this.c.outbox.cancelCarrying(trx, MailAttachments.ref(RESUME_ATTACHMENT, row.id));
      await this.c.applications.delete(trx, [row.id]);
    });
  }

  /** The résumé of an application as a message attaches it (undefined: it is gone). */
  async attachment(id: number) {
    const resume = await this.c.applications.resumeOf(this.c.db, id);
    return (
      resume && {
        filename: resume.name,
        contentType: RESUME_TYPES[resume.kind],
        content: resume.bytes,
      }
    );
  }

  private async count(limiter: RateLimiterAbstract, key: string, refusal: string): Promise<void> {
    try {
      await limiter.consume(createHash('sha256').update(key).digest('hex'));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new TooMany(refusal, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
  }
}
