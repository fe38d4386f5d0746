import { DATA_RIGHTS_TEXTS } from '@jobboard/contract/alerts';
import { isoDate } from '@jobboard/contract/common';

/**
 * Hand `data` to the browser as a JSON file (my-job-board-data-<day>.json): a link to a Blob,
 * clicked, then let go.
 */
export function saveJson(data: unknown, now = new Date()): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = DATA_RIGHTS_TEXTS.fileName(isoDate(now));
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
