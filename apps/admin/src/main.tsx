import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { buildExtensionRegistry } from './extensions/installed'
import { initI18n } from './i18n/i18n'
import './index.css'

const root = createRoot(document.getElementById('root')!)
// Translations load before the first render, so no screen flashes untranslated keys.
const i18n = await initI18n()
root.render(
  <StrictMode>
    <App i18n={i18n} extensions={buildExtensionRegistry()} />
  </StrictMode>,
)
