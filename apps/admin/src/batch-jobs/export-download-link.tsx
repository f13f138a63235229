import { useAdminCreatePresignedDownloadUrl } from '@emporium/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A link to a finished export's file. The file is private: its address is asked of
 * `POST /admin/uploads/download-url` once, when the link first shows, and used as is.
 */
export function ExportDownloadLink({ fileKey, label }: { fileKey: string; label: string }) {
  const { t } = useTranslation('orders')
  const { mutateAsync } = useAdminCreatePresignedDownloadUrl()
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let current = true
    mutateAsync({ file_key: fileKey })
      .then((answer) => current && setUrl(answer.download_url))
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [fileKey, mutateAsync])
  if (failed) return <p className="mt-1 text-sm text-rose-700">{t('export.linkFailed')}</p>
  if (!url) return <p className="mt-1 text-sm text-gray-500">{t('export.linkPending')}</p>
  return (
    <a href={url} download className="mt-1 inline-block text-sm font-medium text-violet-700 underline">
      {label}
    </a>
  )
}
