import type { PromoCode } from '@jobboard/contract/admin';
import { toast } from '@jobboard/shared-ui';
import { useDeletePromoCode } from '../api/delete-promo-code';
import { useUpdatePromoCode } from '../api/update-promo-code';
import { PROMO_TEXT } from '../messages';
import { toastFailure } from '../../../lib/toast-failure';
import type { ConfirmRequest } from '../../../lib/confirm';

/** Switch a promo code on or off, or delete it, with the toasts of the outcome. */
/** `confirm`: the page's dialog (lib/confirm.tsx), asked before a delete. */
export function usePromoCodeActions(confirm: (request: ConfirmRequest) => Promise<boolean>) {
  const { trigger: update } = useUpdatePromoCode();
  const { trigger: remove } = useDeletePromoCode();

  const toggle = async (promo: PromoCode) => {
    try {
      await update({
        id: promo.id,
        input: {
          code: promo.code,
          description: promo.description,
          percentOff: promo.percentOff,
          amountOffCents: promo.amountOffCents,
          startsAt: promo.startsAt,
          endsAt: promo.endsAt,
          maxRedemptions: promo.maxRedemptions,
          active: !promo.active,
        },
      });
    } catch (failure) {
      toastFailure(PROMO_TEXT.updateFailed, failure, PROMO_TEXT.tryAgain);
    }
  };

  const deleteCode = async (promo: PromoCode) => {
    const yes = await confirm({
      title: PROMO_TEXT.deleteTitle,
      message: PROMO_TEXT.deleteConfirm(promo.code),
      confirmLabel: PROMO_TEXT.deleteButton,
      danger: true,
    });
    if (!yes) return;
    try {
      await remove(promo.id);
      toast({ title: PROMO_TEXT.deleted, variant: 'success' });
    } catch (failure) {
      toastFailure(PROMO_TEXT.deleteFailed, failure, PROMO_TEXT.tryAgain);
    }
  };

  return { toggle, deleteCode };
}
