import { useAdminStore, useAdminUpdateStore } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { PageHeader, Section } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { useFeedback } from '../../../components/use-feedback'

interface StoreValues {
  name: string
  swap_link_template: string
  payment_link_template: string
  invite_link_template: string
}

/** The store's name and the link templates sent in swap, payment and invite messages. */
export function StoreDetails() {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const { store, isLoading, error, refetch } = useAdminStore()
  const update = useAdminUpdateStore()
  const form = useForm<StoreValues>()
  const { errors, isDirty } = form.formState

  useEffect(() => {
    if (!store) return
    form.reset({
      name: store.name ?? '',
      swap_link_template: store.swap_link_template ?? '',
      payment_link_template: store.payment_link_template ?? '',
      invite_link_template: store.invite_link_template ?? '',
    })
  }, [store, form])

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        name: values.name.trim(),
        swap_link_template: values.swap_link_template.trim(),
        payment_link_template: values.payment_link_template.trim(),
        invite_link_template: values.invite_link_template.trim(),
      })
      feedback.success(t('store.saved'))
    } catch (failure) {
      feedback.failure(failure)
    }
  })

  return (
    <section>
      <PageHeader title={t('store.title')} description={t('store.description')} />
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        <form onSubmit={save} noValidate aria-label={t('store.title')}>
          <Section title={t('store.general')}>
            <InputField
              label={t('store.name')}
              required
              errors={errors.name?.message ? [errors.name.message] : []}
              {...form.register('name', { validate: (value) => value.trim() !== '' || t('store.nameRequired') })}
            />
          </Section>
          <Section title={t('store.links')}>
            <div className="flex flex-col gap-4">
              <InputField
                label={t('store.swapLink')}
                placeholder="https://acme.inc/swap={swap_id}"
                {...form.register('swap_link_template')}
              />
              <InputField
                label={t('store.paymentLink')}
                placeholder="https://acme.inc/payment={payment_id}"
                {...form.register('payment_link_template')}
              />
              <InputField
                label={t('store.inviteLink')}
                placeholder="https://acme-admin.inc/invite?token={invite_token}"
                {...form.register('invite_link_template')}
              />
            </div>
          </Section>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" loading={update.isPending} disabled={!isDirty}>
              {t('actions.save')}
            </Button>
          </div>
        </form>
      </QueryState>
    </section>
  )
}
