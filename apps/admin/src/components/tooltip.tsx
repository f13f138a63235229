import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactNode } from 'react'

/** SPEC §9: tooltips open after 100 ms and are at most 220 px wide. */
export const TOOLTIP_DELAY_MS = 100
export const TOOLTIP_MAX_WIDTH_PX = 220

interface TooltipProps {
  content: ReactNode
  children: ReactNode
  side?: RadixTooltip.TooltipContentProps['side']
}

export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={8}
            style={{ maxWidth: TOOLTIP_MAX_WIDTH_PX }}
            className="z-50 rounded-md border border-gray-200 bg-white px-3 py-2 text-xs text-gray-700 shadow-md"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
