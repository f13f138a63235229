import { useTranslation } from 'react-i18next'
import { Tooltip } from '../tooltip'

interface InputErrorProps {
  /** The field's messages; the first is shown, the rest behind a '+N errors' tooltip. */
  errors: readonly string[]
  id?: string
}

export function InputError({ errors, id }: InputErrorProps) {
  const { t } = useTranslation('common')
  if (errors.length === 0) return null
  const [first, ...rest] = errors
  return (
    <div id={id} role="alert" className="mt-1 flex items-center gap-2 text-xs text-rose-600">
      <span>{first}</span>
      {rest.length > 0 && (
        <Tooltip
          content={
            <ul className="flex flex-col gap-1">
              {rest.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          }
        >
          <button type="button" className="cursor-default font-medium underline decoration-dotted">
            {t('inputs.moreErrors', { count: rest.length })}
          </button>
        </Tooltip>
      )}
    </div>
  )
}
