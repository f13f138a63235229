import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { installBrowserStandIns } from './browser-stand-ins'
import { testI18n } from './i18n'

// Files in the Node environment (those that start the real server) make their page, then call this.
if (typeof window !== 'undefined') installBrowserStandIns()

await testI18n.init()

afterEach(() => {
  cleanup()
})
