import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  HISTORY_FILE,
  parseHistory,
  type ReleaseSwitch as HistoryEntry,
} from '@jobboard/contract/releases';
import { type AppName } from '@jobboard/contract/site';
import { writeJsonAtomically } from '../json-file';
import { MESSAGES } from './messages';

/**
 * `releases/history.json`: every switch of an app's live version, oldest first. Its struct and
 * parser are the contract's (ReleaseSwitch, parseHistory), as the server reads it too: it offers
 * a remote's earlier versions to the shell when the live one does not fit.
 */
export { HISTORY_FILE };
export type { HistoryEntry };

/**
 * Beside the remotes.json it records the switches of (`releases/history.json` by default), so a
 * site run with its own REMOTES_CONFIG (the e2e sites) keeps its own history.
 */
export function historyFile(remotesConfig: string): string {
  return path.join(path.dirname(remotesConfig), HISTORY_FILE);
}

/** The history, [] when there is none yet; a malformed file throws with its reason. */
export function readHistory(file: string): HistoryEntry[] {
  if (!existsSync(file)) return [];
  const parsed = parseHistory(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(MESSAGES.historyMalformed(file, parsed.problem));
  return parsed.entries;
}

/** Writes the whole history (under remotes.json's lock: releases.ts promote()). */
export function writeHistory(file: string, entries: HistoryEntry[]): void {
  writeJsonAtomically(file, entries);
}

/**
 * The promote a rollback of `app` undoes: the app's promotes still in force, a rollback taking
 * back the latest one each (so two rollbacks after three promotes return to the first version).
 */
export function lastPromote(entries: HistoryEntry[], app: AppName): HistoryEntry | undefined {
  const inForce: HistoryEntry[] = [];
  for (const entry of entries) {
    if (entry.app !== app) continue;
    if (entry.rollback) inForce.pop();
    else inForce.push(entry);
  }
  return inForce.at(-1);
}
