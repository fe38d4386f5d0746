import { formatUsd } from './money';

/** How a job's salary is shown (docs/product.md#states-and-transitions), on the board, in the admin and in the API's answers. */

/** '$60,000 - $75,000', '$60,000+', 'Up to $75,000', or undefined when there is no figure. */
export function salaryFromFigures(
  min: number | null | undefined,
  max: number | null | undefined,
): string | undefined {
  if (min != null && max != null)
    return min === max ? formatUsd(min) : `${formatUsd(min)} - ${formatUsd(max)}`;
  if (min != null) return `${formatUsd(min)}+`;
  if (max != null) return `Up to ${formatUsd(max)}`;
  return undefined;
}

/** The salary line of a job: its figures as USD when it has them, else its salary text. */
export function formatSalary(job: {
  salary?: string;
  salaryMin?: number | null;
  salaryMax?: number | null;
}): string | undefined {
  return salaryFromFigures(job.salaryMin, job.salaryMax) ?? (job.salary || undefined);
}
