import { RESUME_TYPES, type ResumeKind } from '@jobboard/contract/applications';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What a résumé is, told by its bytes alone (file-type reads PDF's header and the parts inside a
 * DOCX's or ODT's zip): its name and the type the browser gave are never asked, so a program or
 * a page renamed `cv.pdf` is refused. Undefined: not one of the kinds taken.
 */
export async function resumeKindOf(bytes: Buffer): Promise<ResumeKind | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return undefined;
  return (Object.keys(RESUME_TYPES) as ResumeKind[]).find(
    (kind) => kind === found.ext && RESUME_TYPES[kind] === found.mime,
  );
}

/**
 * The name a résumé is downloaded and attached under: the applicant's name for it, kept to safe
 * characters (it goes into a Content-Disposition header and a MIME part), with the extension its
 * bytes earned.
 */
export function resumeFileName(given: string, kind: ResumeKind): string {
  const base = given
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^\w\- ]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'resume'}.${kind}`;
}
