import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { initI18n } from './i18n/i18n'
import { storefrontConfig } from './lib/config'
import './index.css'

const root = createRoot(document.getElementById('root')!)
const i18n = await initI18n()
root.render(
  <StrictMode>
    <App i18n={i18n} config={storefrontConfig()} />
  </StrictMode>,
)
