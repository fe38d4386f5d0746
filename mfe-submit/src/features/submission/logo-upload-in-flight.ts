/**
 * The logo upload a submission waits for. A file is uploaded as soon as it is chosen
 * (LogoField), so an employer may press "Submit" before it is stored: the submission then waits
 * for it (its button says "Submitting..." meanwhile) and goes with the logo, never quietly
 * without it. An upload that fails stops the submission with the upload's own message; the form
 * keeps everything typed.
 */
export class LogoUploadInFlight {
  private current: Promise<string | null> | null = null;

  /** Follow `upload`: it resolves to its problem, or to null once the logo is set (or replaced). */
  track(upload: Promise<string | null>): void {
    this.current = upload;
    // Registered before any `settled()` awaits it, so it has run when that await resumes.
    void upload.finally(() => {
      if (this.current === upload) this.current = null;
    });
  }

  /** Once no upload is in flight: the problem of the last one, or null when it went well. */
  async settled(): Promise<string | null> {
    let problem: string | null = null;
    // A file chosen again while one was uploading replaces it: wait for the newest.
    while (this.current) problem = await this.current;
    return problem;
  }
}
