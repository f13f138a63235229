import '@testing-library/jest-dom/vitest'
import { afterEach } from 'vitest'
import { installBrowserStandIns } from './browser-stand-ins'
import { testI18n } from './i18n'

// Files in the Node environment (those that start the real server) make their page, then call this.
if (typeof window !== 'undefined') installBrowserStandIns()

await testI18n.init()

// Loaded late: React DOM decides at load time whether the page supports input events, and files in
// the Node environment make their page only after this setup has run.
afterEach(async () => {
  const { cleanup } = await import('@testing-library/react')
  cleanup()
})
