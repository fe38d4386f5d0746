/**
 * The decisions of the API report check (api-report.ts), kept free of files, git and API
 * Extractor so they can be tested on fixtures: is a report out of date, and does a package whose
 * reports changed since the base carry a version bump or a pending changeset.
 */
import { MESSAGES } from './messages';

/** A package's reports by entry name (`index`, `forms`, `jobs`...): the text of `etc/<entry>.api.md`. */
export type Reports = Map<string, string>;

/**
 * (a) The entries whose committed report is not what the source gives now: changed, missing, or
 * left behind by an entry that no longer exists. One message per entry.
 */
export function staleReports(pkg: string, generated: Reports, committed: Reports): string[] {
  const problems: string[] = [];
  for (const [entry, text] of generated) {
    const current = committed.get(entry);
    if (current === undefined) problems.push(MESSAGES.reportMissing(pkg, entry));
    else if (normalise(current) !== normalise(text))
      problems.push(MESSAGES.reportStale(pkg, entry));
  }
  for (const entry of committed.keys()) {
    if (!generated.has(entry)) problems.push(MESSAGES.reportLeftOver(pkg, entry));
  }
  return problems;
}

export interface LineChanges {
  added: number;
  removed: number;
  changed: number;
}

/**
 * How the package's reports differ from the base's, in lines: a line replaced by another counts as
 * changed, the rest of a hunk as added or removed. An entry new since the base counts as added
 * lines, an entry gone as removed lines.
 */
export function reportChanges(base: Reports, current: Reports): LineChanges {
  const total: LineChanges = { added: 0, removed: 0, changed: 0 };
  for (const entry of new Set([...base.keys(), ...current.keys()])) {
    const counts = diffLines(lines(base.get(entry)), lines(current.get(entry)));
    total.added += counts.added;
    total.removed += counts.removed;
    total.changed += counts.changed;
  }
  return total;
}

export interface VersionCheck {
  /** The package's name, as a changeset names it. */
  name: string;
  /** Its reports at the base commit; null when the base has none (the package or its reports are new). */
  baseReports: Reports | null;
  reports: Reports;
  /** package.json's version at the base (null: no package.json there) and now. */
  baseVersion: string | null;
  version: string;
  /** The packages named by the pending changesets (.changeset/*.md). */
  changesetPackages: ReadonlySet<string>;
}

/**
 * (b) A package whose public API changed since the base must say so: its version bumped, or a
 * pending changeset naming it. Undefined when nothing is wrong.
 */
export function versionProblem(check: VersionCheck): string | undefined {
  if (check.baseReports === null || check.baseVersion === null) return undefined;
  const changes = reportChanges(check.baseReports, check.reports);
  if (changes.added + changes.removed + changes.changed === 0) return undefined;
  if (check.baseVersion !== check.version) return undefined;
  if (check.changesetPackages.has(check.name)) return undefined;
  return MESSAGES.versionNotBumped(check.name, check.version, changes);
}

/**
 * The packages a changeset file names: its front matter, `"<package>": major|minor|patch` per
 * line (quoted or not).
 */
export function changesetPackages(text: string): string[] {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text.trimStart());
  if (!match) return [];
  return match[1]!
    .split(/\r?\n/)
    .map((line) => /^\s*(["']?)(@?[^"':\s]+)\1\s*:\s*(major|minor|patch)\s*$/.exec(line)?.[2])
    .filter((name): name is string => name !== undefined);
}

/** Line endings and the trailing newline do not count. */
const normalise = (text: string) => text.replace(/\r\n/g, '\n').trimEnd();

const lines = (text: string | undefined) => (text === undefined ? [] : normalise(text).split('\n'));

/** An LCS diff of two line lists, counted per hunk (reports are a few hundred lines). */
export function diffLines(before: string[], after: string[]): LineChanges {
  const n = before.length;
  const m = after.length;
  // common[i][j]: the longest common subsequence of before[i..] and after[j..].
  const common: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i]![j] =
        before[i] === after[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const counts: LineChanges = { added: 0, removed: 0, changed: 0 };
  let hunk = { removed: 0, added: 0 };
  const close = () => {
    const paired = Math.min(hunk.removed, hunk.added);
    counts.changed += paired;
    counts.removed += hunk.removed - paired;
    counts.added += hunk.added - paired;
    hunk = { removed: 0, added: 0 };
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      close();
      i++;
      j++;
    } else if (j < m && (i === n || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      hunk.added++;
      j++;
    } else {
      hunk.removed++;
      i++;
    }
  }
  close();
  return counts;
}
