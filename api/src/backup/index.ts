/**
 * The backup slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export { backupDatabase, restoreDatabase } from './backup';
export { backupFile } from './scheduled-backup';
