/** A file as a message carries it. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Reads the file of one record of a kind (undefined: it is gone). */
export type AttachmentLoader = (id: number) => Promise<MailAttachment | undefined>;

/**
 * The kinds of file a queued message may carry, each registered by the slice that keeps them
 * (`app.mailAttachments.register('application-resume', ...)`): the outbox names a file as
 * `<kind>:<id>` and the sender reads it when it sends, so the mail slice knows no other slice.
 */
export class MailAttachments {
  private readonly loaders = new Map<string, AttachmentLoader>();

  register(kind: string, loader: AttachmentLoader): void {
    if (this.loaders.has(kind))
      throw new Error(`The attachment kind '${kind}' is registered twice.`);
    this.loaders.set(kind, loader);
  }

  /** The reference a message stores for a record's file. */
  static ref(kind: string, id: number): string {
    return `${kind}:${id}`;
  }

  /** The file a reference names; undefined when its record is gone or its kind is unknown. */
  async load(ref: string): Promise<MailAttachment | undefined> {
    const at = ref.lastIndexOf(':');
    const loader = this.loaders.get(ref.slice(0, at));
    const id = Number(ref.slice(at + 1));
    return loader && Number.isSafeInteger(id) ? loader(id) : undefined;
  }
}
