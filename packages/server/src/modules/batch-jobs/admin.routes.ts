import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../core/request-identity.js'
import { IdParams } from '../../core/schemas.js'
import { AdminBatchJobListRes, AdminBatchJobRes, AdminGetBatchParams, AdminPostBatchesReq } from './contract.js'
import { cancelBatchJob, confirmBatchJob, createBatchJob, listBatchJobs, retrieveBatchJob } from './service.js'
import type { BatchJobStrategy } from './strategy.js'

export const adminBatchJobRoutes: FastifyPluginAsyncTypebox<{
  strategies: ReadonlyMap<string, BatchJobStrategy>
}> = async (app, { strategies }) => {
  const tags = ['Batch Jobs']

  app.post(
    '/admin/batch-jobs',
    { schema: { tags, body: AdminPostBatchesReq, response: { 201: AdminBatchJobRes } } },
    async (request, reply) => {
      const batch_job = await createBatchJob(app.db, strategies, app.providers.file, request.body, actorOf(request))
      return reply.status(201).send({ batch_job })
    },
  )

  app.get(
    '/admin/batch-jobs',
    { schema: { tags, querystring: AdminGetBatchParams, response: { 200: AdminBatchJobListRes } } },
    async (request) => {
      return listBatchJobs(app.db, app.providers.file, request.query, actorOf(request))
    },
  )

  app.get(
    '/admin/batch-jobs/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminBatchJobRes } } },
    async (request) => ({
      batch_job: await retrieveBatchJob(app.db, app.providers.file, request.params.id, actorOf(request)),
    }),
  )

  app.post(
    '/admin/batch-jobs/:id/confirm',
    { schema: { tags, params: IdParams, response: { 200: AdminBatchJobRes } } },
    async (request) => ({ batch_job: await confirmBatchJob(app.db, request.params.id, actorOf(request)) }),
  )

  app.post(
    '/admin/batch-jobs/:id/cancel',
    { schema: { tags, params: IdParams, response: { 200: AdminBatchJobRes } } },
    async (request) => ({ batch_job: await cancelBatchJob(app.db, request.params.id, actorOf(request)) }),
  )
}
