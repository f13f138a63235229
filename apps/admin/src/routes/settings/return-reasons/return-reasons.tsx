import { useAdminDeleteReturnReason, useAdminReturnReasons } from '@emporium/react'
import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../components/action-menu'
import { Button } from '../../../components/button'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { Cell, Table } from '../../../components/table'
import { ReturnReasonModal, type ReturnReasonRecord } from './return-reason-modal'

type Editing = { reason?: ReturnReasonRecord; parent?: ReturnReasonRecord }

/** The reasons a shopper or merchant gives for a return: top-level ones and one level below them. */
export function ReturnReasons() {
  const { t } = useTranslation('settings')
  const { return_reasons = [], isLoading, error, refetch } = useAdminReturnReasons()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<ReturnReasonRecord | null>(null)

  const row = (reason: ReturnReasonRecord, parent?: ReturnReasonRecord) => (
    <tr key={reason.id}>
      <Cell className={parent ? 'ps-8' : 'font-medium'}>
        {parent && <span className="sr-only">{t('returnReasons.childOf', { name: parent.label })} </span>}
        <bdi>{reason.label}</bdi>
      </Cell>
      <Cell>
        <bdi dir="ltr" className="font-mono text-xs">
          {reason.value}
        </bdi>
      </Cell>
      <Cell className="text-gray-600">
        <bdi>{reason.description}</bdi>
      </Cell>
      <Cell className="text-end">
        <ActionMenu
          label={t('ui:table.rowActions', { name: reason.label })}
          items={[
            { label: t('actions.editNamed', { name: reason.label }), onSelect: () => setEditing({ reason }) },
            ...(parent
              ? []
              : [
                  {
                    label: t('returnReasons.addChildNamed', { name: reason.label }),
                    onSelect: () => setEditing({ parent: reason }),
                  },
                ]),
            {
              label: t('actions.deleteNamed', { name: reason.label }),
              onSelect: () => setDeleting(reason),
              danger: true,
            },
          ]}
        />
      </Cell>
    </tr>
  )

  return (
    <section>
      <PageHeader
        title={t('returnReasons.title')}
        description={t('returnReasons.description')}
        actions={
          <Button variant="primary" onClick={() => setEditing({})}>
            {t('returnReasons.new')}
          </Button>
        }
      />
      <div className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <QueryState
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={return_reasons.length === 0}
          emptyMessage={t('returnReasons.empty')}
        >
          <Table
            caption={t('returnReasons.title')}
            headers={[
              t('returnReasons.label'),
              t('returnReasons.value'),
              t('returnReasons.descriptionField'),
              <span key="actions" className="sr-only">
                {t('actions.actions')}
              </span>,
            ]}
          >
            {return_reasons.map((reason) => (
              <Fragment key={reason.id}>
                {row(reason)}
                {(reason.return_reason_children ?? []).map((child) => row(child, reason))}
              </Fragment>
            ))}
          </Table>
        </QueryState>
      </div>
      <ReturnReasonModal
        open={editing !== null}
        reason={editing?.reason}
        parent={editing?.parent}
        onClose={() => setEditing(null)}
      />
      {deleting && <DeleteReturnReason reason={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

function DeleteReturnReason({ reason, onClose }: { reason: ReturnReasonRecord; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const remove = useAdminDeleteReturnReason(reason.id)
  return (
    <ConfirmMutationDialog
      title={t('returnReasons.deleteTitle')}
      message={t('returnReasons.deleteMessage', { name: reason.label })}
      confirmLabel={t('actions.delete')}
      mutation={remove}
      successMessage={t('returnReasons.deleted', { name: reason.label })}
      onClose={onClose}
    />
  )
}
