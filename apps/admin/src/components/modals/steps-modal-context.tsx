import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

export interface StepsState {
  currentStep: number
  stepCount: number
  nextStepEnabled: boolean
  enableNextStep: () => void
  disableNextStep: () => void
  nextStep: () => void
  previousStep: () => void
  reset: () => void
}

const StepsContext = createContext<StepsState | null>(null)

/**
 * The multi-step modal's state: the step starts at 0, Back never goes below 0, Next is disabled
 * while the current step is marked not ready, and reset returns to step 0 with Next enabled.
 */
export function StepsProvider({ stepCount, children }: { stepCount: number; children: ReactNode }) {
  const [currentStep, setCurrentStep] = useState(0)
  const [nextStepEnabled, setNextStepEnabled] = useState(true)
  const enableNextStep = useCallback(() => setNextStepEnabled(true), [])
  const disableNextStep = useCallback(() => setNextStepEnabled(false), [])
  const nextStep = useCallback(() => setCurrentStep((step) => Math.min(step + 1, stepCount - 1)), [stepCount])
  const previousStep = useCallback(() => setCurrentStep((step) => Math.max(step - 1, 0)), [])
  const reset = useCallback(() => {
    setCurrentStep(0)
    setNextStepEnabled(true)
  }, [])
  const value = useMemo(
    () => ({
      currentStep,
      stepCount,
      nextStepEnabled,
      enableNextStep,
      disableNextStep,
      nextStep,
      previousStep,
      reset,
    }),
    [currentStep, stepCount, nextStepEnabled, enableNextStep, disableNextStep, nextStep, previousStep, reset],
  )
  return <StepsContext.Provider value={value}>{children}</StepsContext.Provider>
}

export function useSteps(): StepsState {
  const context = useContext(StepsContext)
  if (!context) throw new Error('useSteps must be used within a StepsProvider')
  return context
}
