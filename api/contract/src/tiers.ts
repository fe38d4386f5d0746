/**
 * Listing tiers (docs/product.md#entities and docs/product.md#constants-and-limits): the one place prices, durations and features are written down.
 * The submit page shows them, the API charges them.
 */
export const LISTING_TIERS = [
  {
    id: 'basic',
    name: 'Featured Listing',
    price: 99,
    priceCents: 9_900,
    duration: '30 days',
    /** Days a paid listing stays live; null = no expiry. */
    durationDays: 30,
    features: ['Featured placement', 'Newsletter highlight'],
    /** Further listings the buyer may publish without paying again. */
    extraListings: 0,
    /**
     * Whether the tier sells a place in the newsletter (its features say so): each listing bought
     * with it leads the next newsletter block (issue 44), the dearer tier's first.
     */
    newsletter: true,
  },
  {
    id: 'featured',
    name: 'Multiples Listing',
    price: 199,
    priceCents: 19_900,
    duration: 'Unlimited',
    durationDays: null,
    features: [
      'Up to 3 featured listings',
      'Extended posting time',
      'Featured in newsletters with over 3,000 verified subscribers',
    ],
    extraListings: 2,
    newsletter: true,
  },
] as const;

export type ListingTier = (typeof LISTING_TIERS)[number];
export type ListingTierId = ListingTier['id'];
export const LISTING_TIER_IDS = LISTING_TIERS.map((t) => t.id) as [
  ListingTierId,
  ...ListingTierId[],
];
export const DEFAULT_LISTING_TIER: ListingTierId = 'basic';

export function listingTier(id: ListingTierId): ListingTier {
  return LISTING_TIERS.find((t) => t.id === id)!;
}
