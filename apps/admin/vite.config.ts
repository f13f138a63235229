import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import { precompressAssets } from '../../scripts/vite-precompress'

const apiTarget = process.env.EMPORIUM_API_URL ?? 'http://localhost:9000'

/**
 * The server serves translations at /locales/{lng}/{ns}.json, outside the /app base. In development
 * Vite serves public/ under the base, so those requests are rewritten to it.
 */
function localesAtRoot(): Plugin {
  return {
    name: 'emporium-locales-at-root',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url?.startsWith('/locales/')) request.url = `/app${request.url}`
        next()
      })
    },
  }
}

/**
 * The workspace packages are read from their sources (the `emporium-source` export condition, or
 * an alias where a package does not declare one), so the admin needs no prior package build.
 */
export const workspaceSources = {
  conditions: ['emporium-source', ...defaultClientConditions],
  alias: { '@emporium/react': fileURLToPath(new URL('../../packages/react/src/index.ts', import.meta.url)) },
}

export default defineConfig({
  base: '/app/',
  // Build-time settings of the admin (see src/vite-env.d.ts) are read from EMPORIUM_ADMIN_* variables.
  envPrefix: ['VITE_', 'EMPORIUM_ADMIN_'],
  plugins: [react(), tailwindcss(), localesAtRoot(), precompressAssets()],
  resolve: workspaceSources,
  server: {
    port: 7001,
    proxy: { '/admin': apiTarget, '/store': apiTarget, '/uploads': apiTarget },
  },
  build: { outDir: 'dist', emptyOutDir: true },
})
