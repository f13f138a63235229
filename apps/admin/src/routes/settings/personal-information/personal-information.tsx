import { adminAuthKeys, useAdminGetSession, useAdminStore, useAdminUpdateUser } from '@emporium/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { AnalyticsConfigForm, type AnalyticsFormValues } from '../../../analytics/analytics-config-form'
import { useAnalyticsConfig, useUpdateAnalyticsConfig } from '../../../analytics/analytics-config-queries'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { LanguageSwitcher } from '../../../components/language-switcher'
import { isFeatureEnabled } from '../../areas/store-capabilities'
import { PageHeader, Section } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { useFeedback } from '../../../components/use-feedback'

/** The server's limit on each name (POST /admin/users/:id). */
const NAME_MAX_LENGTH = 200

/** The signed-in user's own settings: name, interface language and usage-data preferences. */
export function PersonalInformation() {
  const { t } = useTranslation('settings')
  const { user, isLoading, error, refetch } = useAdminGetSession()
  return (
    <section>
      <PageHeader title={t('personal.title')} description={t('personal.description')} />
      <Section title={t('personal.profile')}>
        <QueryState
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={!user}
          emptyMessage={t('personal.noUser')}
        >
          {user && <ProfileForm user={user} />}
        </QueryState>
      </Section>
      <Section title={t('personal.language')}>
        <p className="mb-4 text-sm text-gray-500">{t('personal.languageDescription')}</p>
        <div className="max-w-xs">
          <LanguageSwitcher />
        </div>
      </Section>
      <UsagePreferences />
    </section>
  )
}

interface ProfileUser {
  id: string
  email: string
  first_name?: string | null
  last_name?: string | null
}

interface NameValues {
  first_name: string
  last_name: string
}

function ProfileForm({ user }: { user: ProfileUser }) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const queryClient = useQueryClient()
  const update = useAdminUpdateUser(user.id)
  const form = useForm<NameValues>()
  const { first_name, last_name } = user

  useEffect(() => {
    form.reset({ first_name: first_name ?? '', last_name: last_name ?? '' })
  }, [first_name, last_name, form])

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ first_name: values.first_name.trim(), last_name: values.last_name.trim() })
      // The session holds the signed-in user: refresh it so every screen shows the new name.
      await queryClient.invalidateQueries({ queryKey: adminAuthKeys.all })
      feedback.success(t('personal.saved'))
    } catch (failure) {
      feedback.failure(failure)
    }
  })

  return (
    <form onSubmit={save} noValidate aria-label={t('personal.profile')} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <InputField
          label={t('personal.firstName')}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          {...form.register('first_name')}
        />
        <InputField
          label={t('personal.lastName')}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          {...form.register('last_name')}
        />
      </div>
      <InputField label={t('personal.email')} type="email" value={user.email} readOnly />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('actions.save')}
        </Button>
      </div>
    </form>
  )
}

/** Usage-data preferences, while the store's `analytics` flag is on (SPEC §2, §8). */
function UsagePreferences() {
  const { t } = useTranslation('analytics')
  const { t: tSettings } = useTranslation('settings')
  const { store } = useAdminStore()
  const flagOn = isFeatureEnabled(store, 'analytics')
  const configQuery = useAnalyticsConfig({ enabled: flagOn })
  const update = useUpdateAnalyticsConfig()
  if (!flagOn) return null

  const config = configQuery.analytics_config
  const save = async ({ anonymize, opt_out }: AnalyticsFormValues) => {
    await update.mutateAsync({ anonymize, opt_out })
  }
  return (
    <Section title={t('preferences.title')}>
      {/* No saved config yet (404) is not a failure: the form starts from the defaults and creates one. */}
      <QueryState
        isLoading={configQuery.isLoading}
        error={configQuery.isNotFound ? null : configQuery.error}
        onRetry={() => void configQuery.refetch()}
      >
        <AnalyticsConfigForm
          key={config?.id ?? 'new'}
          withEmail={false}
          defaultValues={config}
          onSubmit={save}
          successToast
          submitLabel={tSettings('actions.save')}
        />
      </QueryState>
    </Section>
  )
}
