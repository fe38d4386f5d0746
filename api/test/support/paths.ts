import path from 'node:path';

/** The API's package folder (api/). */
export const API_DIR = path.resolve(import.meta.dirname, '..', '..');
