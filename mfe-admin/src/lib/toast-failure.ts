import { errorMessage, toast } from '@jobboard/shared-ui';

/** The toast of a failed admin action (docs/product.md#errors): its title, and what went wrong or `fallback`. */
export function toastFailure(title: string, problem: unknown, fallback: string): void {
  toast({ title, description: errorMessage(problem, fallback), variant: 'destructive' });
}
