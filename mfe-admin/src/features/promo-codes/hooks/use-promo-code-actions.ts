import type { PromoCode } from '@jobboard/contract';
import { errorMessage, toast } from '@jobboard/shared-ui';
import { useDeletePromoCode } from '../api/delete-promo-code';
import { useUpdatePromoCode } from '../api/update-promo-code';
import { PROMO_TEXT } from '../messages';

/** Switch a promo code on or off, or delete it, with the toasts of the outcome. */
export function usePromoCodeActions() {
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
      toast({
        title: PROMO_TEXT.updateFailed,
        description: errorMessage(failure, PROMO_TEXT.tryAgain),
        variant: 'destructive',
      });
    }
  };

  const deleteCode = async (promo: PromoCode) => {
    if (!window.confirm(PROMO_TEXT.deleteConfirm(promo.code))) return;
    try {
      await remove(promo.id);
      toast({ title: PROMO_TEXT.deleted, variant: 'success' });
    } catch (failure) {
      toast({
        title: PROMO_TEXT.deleteFailed,
        description: errorMessage(failure, PROMO_TEXT.tryAgain),
        variant: 'destructive',
      });
    }
  };

  return { toggle, deleteCode };
}
