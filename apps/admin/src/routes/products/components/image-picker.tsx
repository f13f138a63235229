import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldLabel } from '../../../components/inputs/field-label'

interface ImagePickerProps {
  label: string
  onPick: (files: File[]) => void
  disabled?: boolean
}

/** A file input for images; the caller uploads what is picked. */
export function ImagePicker({ label, onPick, disabled }: ImagePickerProps) {
  const { t } = useTranslation('products')
  const id = useId()
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="block text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-gray-200 file:bg-white file:px-3 file:py-1.5"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          event.target.value = ''
          if (files.length > 0) onPick(files)
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
        {t('images.hint')}
      </p>
    </div>
  )
}
