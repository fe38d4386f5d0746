import type { AdminJobsQuery } from '@jobboard/contract/admin';
import { isoDate } from '@jobboard/contract/common';
import {
  CHECK_IN_MESSAGES,
  type CheckInAnswer,
  type CheckInAnswered,
  type CheckInState,
  type CheckInView,
} from '@jobboard/contract/employer';
import type { Job } from '@jobboard/contract/jobs';
import type { EmployersService } from '../employers';
import type { AdminJobsView } from '../jobs';
import { Conflict, Gone, NotFound } from '../platform/domain-errors';
import { runCheckIns, type CheckInReport, type CheckInRunContext } from './check-in-run';
import { hashCheckInToken, isCheckInToken } from './check-in-tokens';
import type { CheckInRow } from './check-ins-repository';

/** What the check-ins read and change, through the other slices' services: a run's, and the answers'. */
export interface CheckInsContext extends CheckInRunContext {
  /** "Filled": the employer's own "Mark filled" (employers/). */
  employers: Pick<EmployersService, 'closeListing'>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** A check-in as the admins and its employer see it. */
export const checkInStateOf = (row: CheckInRow): CheckInState => ({
  askedAt: iso(row.sentAt),
  ageDays: row.ageDays,
  answer: row.answer,
  answeredAt: isoOrNull(row.answeredAt),
  unansweredAt: isoOrNull(row.unansweredAt),
  closedAt: isoOrNull(row.closedAt),
});

/**
 * "Still hiring?" check-ins (issue 45, docs/product.md#still-hiring-check-ins): the run that asks
 * and flags (check-in-run.ts), the one-press page's read and answer, and each listing's latest
 * check-in for the admins' screens and the employer's page.
 */
export class CheckInsService {
  constructor(
    private readonly c: CheckInsContext,
    private readonly clock: () => Date,
  ) {}

  /** One run now: the check-ins due sent, those unanswered flagged (and taken off, if set). */
  run(): Promise<CheckInReport> {
    return runCheckIns(this.c, this.clock());
  }

  /** The page's read of a link: the listing it asks about, or why it cannot be answered. */
  async view(token: string, now: Date): Promise<CheckInView> {
    const { row, job } = await this.answerable(token, now);
    return {
      title: job.title,
      organization: job.organization,
      askedAt: iso(row.sentAt),
      ageDays: row.ageDays,
    };
  }

  /**
   * The page's button: the answer recorded once (one UPDATE only an unanswered check-in passes,
   * so of two presses one counts). "Filled" then takes the listing off the board as the
   * employer's "Mark filled" does; should that fail, the answer is taken back, so the link can be
   * pressed again.
   */
  async answer(token: string, answer: CheckInAnswer, now: Date): Promise<CheckInAnswered> {
    const { row, job } = await this.answerable(token, now);
    if (!(await this.c.checkIns.recordAnswer(this.c.db, row.id, answer, now.getTime()))) {
      await this.answerable(token, now); // answered meanwhile: says so
      throw new Gone(CHECK_IN_MESSAGES.linkInvalid);
    }
    if (answer === 'filled') {
      try {
        await this.markFilled(row.jobId, now);
      } catch (error) {
        await this.c.checkIns.takeBackAnswer(this.c.db, row.id, now.getTime());
        throw error;
      }
    }
    return {
      answer,
      title: job.title,
      organization: job.organization,
      answeredAt: now.toISOString(),
      message:
        answer === 'open'
          ? CHECK_IN_MESSAGES.answeredOpen(job.title, isoDate(now))
          : CHECK_IN_MESSAGES.answeredFilledPage(job.title),
    };
  }

  /**
   * The employer's "Mark filled" (EmployersService.closeListing): the check-in's link is the proof,
   * so it works whoever of the organisation has the listing now (issue 47).
   */
  private async markFilled(jobId: number, now: Date): Promise<void> {
    const submission = await this.c.submissions.ofJob(this.c.db, jobId);
    if (!submission) throw new Gone(CHECK_IN_MESSAGES.notOnBoard);
    try {
      await this.c.employers.closeListing(submission, jobId, 'filled', now);
    } catch (error) {
      // Off the board meanwhile (its end, the employer's page): filled is what was asked.
      if (!(error instanceof Conflict)) throw error;
    }
  }

  /**
   * The check-in a link names, if it can be answered: NotFound when it names none; Gone when it
   * was answered, a newer check-in replaced it, or its listing is off the board.
   */
  private async answerable(token: string, now: Date): Promise<{ row: CheckInRow; job: Job }> {
    if (!isCheckInToken(token)) throw new NotFound(CHECK_IN_MESSAGES.linkInvalid);
    const row = await this.c.checkIns.byTokenHash(this.c.db, hashCheckInToken(token));
    if (!row) throw new NotFound(CHECK_IN_MESSAGES.linkInvalid);
    if (row.answer !== null && row.answeredAt !== null) {
      throw new Gone(CHECK_IN_MESSAGES.linkUsed(isoDate(row.answeredAt), row.answer));
    }
    if (await this.c.checkIns.replaced(this.c.db, row)) {
      throw new Gone(CHECK_IN_MESSAGES.linkSuperseded);
    }
    const job = (await this.c.listings.liveJobs([row.jobId], now)).get(row.jobId);
    if (!job) throw new Gone(CHECK_IN_MESSAGES.notOnBoard);
    return { row, job };
  }

  // ---- the latest check-ins, for the admins and the employers --------------------------------

  /** Each of these listings' latest check-in, by job id (none: never asked). */
  async statesOf(jobIds: readonly number[]): Promise<Map<number, CheckInState>> {
    const latest = await this.c.checkIns.latestOf(this.c.db, jobIds);
    return new Map([...latest].map(([jobId, row]) => [jobId, checkInStateOf(row)]));
  }

  /** These jobs, each with its latest check-in (the admin's list and job page). */
  async withStates<T extends { id: string }>(
    jobs: T[],
  ): Promise<(T & { checkIn?: CheckInState })[]> {
    const states = await this.statesOf(jobs.map((job) => Number(job.id)));
    return jobs.map((job) => {
      const checkIn = states.get(Number(job.id));
      return checkIn ? { ...job, checkIn } : job;
    });
  }

  /** The jobs whose latest check-in is flagged and still unanswered. */
  unansweredJobIds(): Promise<number[]> {
    return this.c.checkIns.unansweredJobIds(this.c.db);
  }

  /** An admin view of the jobs, narrowed to the flagged ones when its filter asks. */
  async narrowed(view: AdminJobsQuery): Promise<AdminJobsView> {
    return view.checkIn === 'unanswered'
      ? { ...view, onlyIds: await this.unansweredJobIds() }
      : view;
  }
}
