/**
 * An example extension showing each kind the admin accepts. To install it, add `productReviews` to
 * the list in src/extensions/installed.ts. Extension texts are the extension's own: a real one
 * would translate them with its own i18next namespace.
 */
import type { ExtensionEntry, ExtensionProps } from '../src/extensions/types'

function StarIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden className={className}>
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
    </svg>
  )
}

/** Top-level route at /a/reviews with a sidebar link. */
function ReviewsPage() {
  return <h1 className="text-2xl font-semibold">Reviews</h1>
}

/** Nested under the products area: /a/products/review-stats. */
function ReviewStatsPage() {
  return <h1 className="text-2xl font-semibold">Review statistics</h1>
}

/** A settings card on the overview and a page at /a/settings/reviews. */
function ReviewSettingsPage({ notify }: ExtensionProps) {
  return (
    <button type="button" onClick={() => notify.success('Reviews', 'Settings saved')}>
      Save review settings
    </button>
  )
}

/** A widget in two zones: above the product list and under a product's details. */
function ReviewSummaryWidget() {
  return <p className="rounded border border-gray-200 bg-white p-3 text-sm">4.6 ★ average rating</p>
}

export const productReviews: ExtensionEntry = {
  identifier: 'product-reviews',
  extensions: [
    { type: 'route', path: '/reviews', link: { label: 'Reviews', icon: StarIcon }, Component: ReviewsPage },
    {
      type: 'route',
      path: '/review-stats',
      nested: '/products',
      link: { label: 'Review stats' },
      Component: ReviewStatsPage,
    },
    {
      type: 'setting',
      path: '/reviews',
      card: { label: 'Reviews', description: 'Moderation and display of product reviews', icon: StarIcon },
      Component: ReviewSettingsPage,
    },
    { type: 'widget', zone: ['product.list.before', 'product.details.after'], Component: ReviewSummaryWidget },
  ],
}
