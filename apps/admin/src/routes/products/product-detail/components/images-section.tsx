import { useAdminUpdateProduct } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../../components/button'
import { Section } from '../../../../components/page-header'
import { useFeedback } from '../../../../components/use-feedback'
import { ImagePicker } from '../../components/image-picker'
import { useUploadImages } from '../../components/use-upload-images'
import type { AdminProduct } from './types'

/** Upload images (POST /admin/uploads, then the URLs are attached), remove them, pick the thumbnail. */
export function ImagesSection({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('products')
  const feedback = useFeedback()
  const update = useAdminUpdateProduct(product.id)
  const { uploadAll, isUploading } = useUploadImages()
  const urls = (product.images ?? []).map((image) => image.url!).filter(Boolean)

  const write = (body: { images?: string[]; thumbnail?: string | null }, message: string) =>
    feedback.run(() => update.mutateAsync(body), message)

  const upload = async (files: File[]) => {
    try {
      const added = await uploadAll(files)
      const images = [...urls, ...added]
      await write({ images, thumbnail: product.thumbnail ?? images[0] }, t('images.uploaded', { count: added.length }))
    } catch (error) {
      feedback.failure(error)
    }
  }

  const remove = (url: string) => {
    const images = urls.filter((candidate) => candidate !== url)
    const thumbnail = product.thumbnail === url ? (images[0] ?? null) : product.thumbnail
    void write({ images, thumbnail }, t('images.removed'))
  }

  return (
    <Section title={t('images.title')}>
      {urls.length === 0 ? (
        <p className="mb-4 text-sm text-gray-500">{t('images.empty')}</p>
      ) : (
        <ul className="mb-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {urls.map((url, index) => (
            <li key={url} className="flex flex-col gap-2">
              <img
                src={url}
                alt={t('images.alt', { index: index + 1, title: product.title })}
                className={`aspect-square w-full rounded-md object-cover ${product.thumbnail === url ? 'ring-2 ring-violet-500' : ''}`}
              />
              {product.thumbnail === url ? (
                <span className="text-xs text-violet-700">{t('images.isThumbnail')}</span>
              ) : (
                <Button variant="ghost" onClick={() => void write({ thumbnail: url }, t('images.thumbnailSet'))}>
                  {t('images.makeThumbnail', { index: index + 1 })}
                </Button>
              )}
              <Button variant="ghost" onClick={() => remove(url)}>
                {t('images.remove', { index: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ImagePicker
        label={t('images.upload')}
        disabled={isUploading || update.isPending}
        onPick={(files) => void upload(files)}
      />
    </Section>
  )
}
