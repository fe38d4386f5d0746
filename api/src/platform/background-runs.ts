/**
 * The runs a background worker (the schema's start-up work, the logo fetches) has started, so that
 * a caller can wait until none is in flight: tests await `idle()` instead of sleeping, and a
 * closing app awaits it before letting go of its connections.
 */
export class BackgroundRuns {
  private latest: Promise<unknown> = Promise.resolve();

  /** Records a run just started (it never rejects: the worker logs its own failures). */
  track(run: Promise<unknown>): void {
    this.latest = run;
  }

  /** Settles once no run is in flight, including runs started while it waited. */
  async idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.latest;
      await seen;
    } while (seen !== this.latest);
  }
}
