import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite'
import { precompressAssets } from '../../scripts/vite-precompress'

const apiTarget = process.env.EMPORIUM_API_URL ?? 'http://localhost:9000'

/**
 * The server writes the publishable key into index.html when it serves the shop (see README). In
 * development Vite serves index.html, so the key comes from EMPORIUM_PUBLISHABLE_KEY instead.
 */
function publishableKeyInDevelopment(): Plugin {
  return {
    name: 'emporium-publishable-key',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace('__EMPORIUM_PUBLISHABLE_KEY__', process.env.EMPORIUM_PUBLISHABLE_KEY ?? ''),
  }
}

export default defineConfig({
  base: '/',
  envPrefix: ['VITE_', 'EMPORIUM_STOREFRONT_'],
  plugins: [react(), tailwindcss(), publishableKeyInDevelopment(), precompressAssets()],
  // Workspace packages are read from their sources, so the shop needs no prior package build.
  resolve: {
    conditions: ['emporium-source', ...defaultClientConditions],
    alias: { '@emporium/react': fileURLToPath(new URL('../../packages/react/src/index.ts', import.meta.url)) },
  },
  // The server render (src/entry-server.tsx) bundles the workspace packages from their sources too.
  ssr: {
    noExternal: ['@emporium/react', '@emporium/client'],
    resolve: { conditions: ['emporium-source', ...defaultServerConditions] },
  },
  server: {
    port: 8000,
    proxy: { '/store': apiTarget, '/uploads': apiTarget },
  },
  build: { outDir: 'dist', emptyOutDir: true },
})
