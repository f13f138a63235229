import { adminSalesChannelsKeys, adminStoreKeys } from '@emporium/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../testing/providers'
import { SalesChannelList } from './sales-channel-list'

function renderList() {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminStoreKeys.details(), {
    store: { name: 'Test store', default_sales_channel_id: 'sc_default', feature_flags: [], modules: [] },
  })
  queryClient.setQueryData(adminSalesChannelsKeys.list({ limit: 100 }), {
    sales_channels: [
      { id: 'sc_default', name: 'Web shop', description: '', is_disabled: false },
      { id: 'sc_app', name: 'App', description: '', is_disabled: true },
    ],
    count: 2,
    offset: 0,
    limit: 100,
  })
  render(
    <Providers>
      <MemoryRouter>
        <SalesChannelList />
      </MemoryRouter>
    </Providers>,
  )
}

describe('the sales channel list', () => {
  it('offers no Delete for the default channel, which the server refuses to delete', async () => {
    renderList()
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Web shop' }))
    expect(screen.getByRole('menuitem', { name: /Web shop/ })).toBeInTheDocument()
    expect(screen.getAllByRole('menuitem')).toHaveLength(1)
    expect(screen.queryByRole('menuitem', { name: /^Delete/ })).not.toBeInTheDocument()
  })

  it('offers Delete for the other channels', async () => {
    renderList()
    await userEvent.click(screen.getByRole('button', { name: 'Actions for App' }))
    expect(screen.getByRole('menuitem', { name: /^Delete/ })).toBeInTheDocument()
  })
})
