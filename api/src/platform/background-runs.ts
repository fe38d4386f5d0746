/**
 * The runs a background worker (the schema's start-up work, the logo fetches) has started, so that
 * a caller can wait until none is in flight: tests await `idle()` instead of sleeping, and a
 * closing app awaits it before letting go of its connections.
 */
export class BackgroundRuns {
  /**
   * Every run in flight: several start at once (each slice's start-up work), and waiting on the
   * latest alone let a test read before an earlier one had finished.
   */
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Records a run just started (it never rejects: the worker logs its own failures). */
  track(run: Promise<unknown>): void {
    const tracked: Promise<unknown> = run.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** Settles once no run is in flight, including runs started while it waited. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
