/** The Emporium mark with the store's name beside it. */
export function Logo({ name }: { name?: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2 text-base font-semibold text-gray-900">
      <svg aria-hidden viewBox="0 0 32 32" className="h-7 w-7 shrink-0">
        <rect width="32" height="32" rx="7" fill="#7c3aed" />
        <path d="M10 9h12v3H13.5v2.5H21v3h-7.5V20H22v3H10z" fill="#fff" />
      </svg>
      <bdi className="truncate">{name ?? 'Emporium'}</bdi>
    </span>
  )
}
