import { useEffect } from 'react'

export const APP_TITLE = 'Emporium'

/** The browser tab names the page: 'Customers · Emporium'. */
export function usePageTitle(title: string | undefined): void {
  useEffect(
    function nameTheTab() {
      if (!title) return
      document.title = `${title} · ${APP_TITLE}`
    },
    [title],
  )
}
