import { useAdminUploadFile } from '@emporium/react'

/** Uploads the files in one call (POST /admin/uploads) and answers their URLs in order. */
export function useUploadImages() {
  const upload = useAdminUploadFile()
  const uploadAll = async (files: readonly File[]): Promise<string[]> => {
    if (files.length === 0) return []
    const { uploads } = await upload.mutateAsync([...files])
    return uploads.map((uploaded) => uploaded.url)
  }
  return { uploadAll, isUploading: upload.isPending }
}
