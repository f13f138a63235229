import { useAdminCreateDraftOrder, useAdminRegions } from '@emporium/react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { StepsModal } from '../../../components/modals/steps-modal'
import { StepsProvider, useSteps } from '../../../components/modals/steps-modal-context'
import { useFeedback } from '../../../components/use-feedback'
import { DRAFT_STEPS, draftOrderPayload, EMPTY_ADDRESS, isStepReady, type DraftForm } from '../draft-order-model'
import { AddressStep } from './address-step'
import { CustomerStep } from './customer-step'
import { ItemsStep } from './items-step'
import { ShippingStep } from './shipping-step'
import { SummaryStep } from './summary-step'

export interface DraftRegion {
  id: string
  name: string
  currency_code: string
  countries: { iso_2: string; display_name: string }[]
}

export interface StepProps {
  form: DraftForm
  change: (patch: Partial<DraftForm>) => void
  region: DraftRegion | undefined
}

const EMPTY_FORM: DraftForm = {
  email: '',
  customer_id: null,
  region_id: '',
  lines: [],
  shipping_option_id: '',
  address: EMPTY_ADDRESS,
}

/** Creates a draft order in steps: customer, items, shipping, address, summary. */
export function CreateDraftOrderModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <StepsProvider stepCount={DRAFT_STEPS.length}>
      <DraftOrderSteps open={open} onClose={onClose} />
    </StepsProvider>
  )
}

function DraftOrderSteps({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('draft-orders')
  const feedback = useFeedback()
  const navigate = useNavigate()
  const create = useAdminCreateDraftOrder()
  const { currentStep, enableNextStep, disableNextStep, reset } = useSteps()
  const [typed, setForm] = useState<DraftForm>(EMPTY_FORM)
  const { regions = [] } = useAdminRegions({ limit: 100 }, { enabled: open })
  // Until one is chosen, the first region: the natural choice in a one-region store.
  const form = { ...typed, region_id: typed.region_id || regions[0]?.id || '' }
  const region = (regions as DraftRegion[]).find((candidate) => candidate.id === form.region_id)
  const change = useCallback((patch: Partial<DraftForm>) => setForm((current) => ({ ...current, ...patch })), [])
  const ready = isStepReady(DRAFT_STEPS[currentStep]!, form)

  useEffect(() => (ready ? enableNextStep() : disableNextStep()), [ready, enableNextStep, disableNextStep])

  const close = () => {
    setForm(EMPTY_FORM)
    reset()
    onClose()
  }
  const submit = async () => {
    try {
      const { draft_order: draft } = await create.mutateAsync(draftOrderPayload(form) as never)
      feedback.success(t('create.done'))
      close()
      navigate(`/a/draft-orders/${draft.id}`)
    } catch (error) {
      feedback.failure(error)
    }
  }
  const props: StepProps = { form, change, region }
  return (
    <StepsModal
      open={open}
      onClose={close}
      title={t('create.title')}
      submitting={create.isPending}
      onSubmit={() => void submit()}
      steps={[
        <CustomerStep key="customer" {...props} regions={regions as DraftRegion[]} />,
        <ItemsStep key="items" {...props} />,
        <ShippingStep key="shipping" {...props} />,
        <AddressStep key="address" {...props} />,
        <SummaryStep key="summary" {...props} />,
      ]}
    />
  )
}
