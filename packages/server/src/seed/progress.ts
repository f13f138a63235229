/** One finished seed step, as `emporium start` and `emporium seed` print them. */
export function step(progress: boolean, label: string): void {
  if (progress) console.log(`  ✓ ${label}`)
}
