import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  array,
  enums,
  literal,
  nullable,
  object,
  optional,
  string,
  validate,
  type Infer,
} from 'superstruct';
import { APP_NAMES, type AppName } from '@jobboard/contract/site';
import { writeJsonAtomically } from '../json-file';
import { MESSAGES } from './messages';

/** `releases/history.json`: every switch of an app's live version, oldest first. */
export const HISTORY_FILE = 'history.json';

export const HistoryEntry = object({
  app: enums(APP_NAMES),
  /** The version it served before (null: none). */
  from: nullable(string()),
  to: string(),
  /** ISO 8601 time of the switch. */
  at: string(),
  /** Present on a rollback: it undoes the last promote still in force, not a new one. */
  rollback: optional(literal(true)),
});

export type HistoryEntry = Infer<typeof HistoryEntry>;

const History = array(HistoryEntry);

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
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(MESSAGES.historyMalformed(file, MESSAGES.notJson));
  }
  const [error, entries] = validate(parsed, History);
  if (error) throw new Error(MESSAGES.historyMalformed(file, error.message));
  return entries;
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
