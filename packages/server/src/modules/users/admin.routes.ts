import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { setSessionUser } from '../../core/request-identity.js'
import { BareStatus } from '../../core/errors.js'
import { throttledLogin } from '../../core/login-throttle.js'
import { DeleteResponse, IdParams } from '../../core/schemas.js'
import { signToken } from '../../core/tokens.js'
import {
  AdminAuthRes,
  AdminBearerAuthRes,
  AdminCreateUserRequest,
  AdminGetUsersParams,
  AdminListInvitesRes,
  AdminPostAuthReq,
  AdminPostInvitesInviteAcceptReq,
  AdminPostInvitesReq,
  AdminResetPasswordRequest,
  AdminResetPasswordTokenRequest,
  AdminUpdateUserRequest,
  AdminUserRes,
  AdminUsersListRes,
} from './contract.js'
import { acceptInvite, createInvite, deleteInvite, listInvites, resendInvite } from './invites.js'
import {
  authenticateUser,
  createUser,
  deleteUser,
  listUsers,
  requestUserPasswordReset,
  resetUserPassword,
  retrieveUser,
  updateUser,
} from './service.js'

const ADMIN_TOKEN_TTL = '24h'

export const adminAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // One budget per client for both ways of logging in, so that neither doubles the guesses.
  const loginLimit = app.rateLimit({ max: app.config.authRateLimit, timeWindow: '1 minute' })
  const login = ({ email, password }: AdminPostAuthReq, address: string) =>
    throttledLogin(app.db, { domain: 'admin', email, address }, () => authenticateUser(app.db, email, password))

  app.post(
    '/admin/auth',
    {
      config: { auth: false },
      onRequest: loginLimit,
      schema: { tags: ['Auth'], body: AdminPostAuthReq, response: { 200: AdminAuthRes } },
    },
    async (request) => {
      const user = await login(request.body, request.ip)
      if (!user) throw new BareStatus(401, 'Unauthorized')
      setSessionUser(request, user)
      return { user }
    },
  )

  app.get('/admin/auth', { schema: { tags: ['Auth'], response: { 200: AdminAuthRes } } }, async (request) => ({
    user: await retrieveUser(app.db, request.userId!),
  }))

  app.delete('/admin/auth', { schema: { tags: ['Auth'] } }, async (request, reply) => {
    // One session may also hold a logged-in customer; keep theirs.
    if (request.session.get('customer_id')) request.session.set('user_id', undefined)
    else await request.session.destroy()
    return reply.status(200).type('text/plain').send('OK')
  })

  app.post(
    '/admin/auth/token',
    {
      config: { auth: false },
      onRequest: loginLimit,
      schema: { tags: ['Auth'], body: AdminPostAuthReq, response: { 200: AdminBearerAuthRes } },
    },
    async (request) => {
      const user = await login(request.body, request.ip)
      if (!user) throw new BareStatus(401, 'Unauthorized')
      return {
        access_token: await signToken(
          { user_id: user.id, domain: 'admin', token_version: user.token_version },
          app.config.jwtSecret,
          ADMIN_TOKEN_TTL,
        ),
      }
    },
  )
}

export const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limited = { auth: false, rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } }
  const tags = ['Users']

  app.get(
    '/admin/users',
    { schema: { tags, querystring: AdminGetUsersParams, response: { 200: AdminUsersListRes } } },
    async (request) => {
      return listUsers(app.db, request.query)
    },
  )

  app.get(
    '/admin/users/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminUserRes } } },
    async (request) => ({
      user: await retrieveUser(app.db, request.params.id),
    }),
  )

  app.post(
    '/admin/users',
    { schema: { tags, body: AdminCreateUserRequest, response: { 200: AdminUserRes } } },
    async (request) => ({ user: await createUser(app.db, request.body) }),
  )

  app.post(
    '/admin/users/password-token',
    { config: limited, schema: { tags, body: AdminResetPasswordTokenRequest } },
    async (request, reply) => {
      await requestUserPasswordReset(app.db, request.body.email)
      return reply.status(204).send()
    },
  )

  app.post(
    '/admin/users/reset-password',
    { config: limited, schema: { tags, body: AdminResetPasswordRequest, response: { 200: AdminUserRes } } },
    async (request) => ({ user: await resetUserPassword(app.db, request.body) }),
  )

  app.post(
    '/admin/users/:id',
    { schema: { tags, params: IdParams, body: AdminUpdateUserRequest, response: { 200: AdminUserRes } } },
    async (request) => ({ user: await updateUser(app.db, request.params.id, request.body) }),
  )

  app.delete(
    '/admin/users/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteUser(app.db, request.params.id)
      return { id: request.params.id, object: 'user', deleted: true }
    },
  )
}

export const adminInviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Invites']
  const secret = app.config.jwtSecret

  app.get('/admin/invites', { schema: { tags, response: { 200: AdminListInvitesRes } } }, async () => ({
    invites: await listInvites(app.db),
  }))

  app.post('/admin/invites', { schema: { tags, body: AdminPostInvitesReq } }, async (request, reply) => {
    await createInvite(app.db, request.body, secret)
    return reply.status(200).send()
  })

  app.post(
    '/admin/invites/accept',
    {
      config: { auth: false, rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } },
      schema: { tags, body: AdminPostInvitesInviteAcceptReq },
    },
    async (request, reply) => {
      await acceptInvite(app.db, request.body, secret)
      return reply.status(200).send()
    },
  )

  app.post('/admin/invites/:id/resend', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await resendInvite(app.db, request.params.id, secret)
    return reply.status(200).send()
  })

  app.delete(
    '/admin/invites/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteInvite(app.db, request.params.id)
      return { id: request.params.id, object: 'invite', deleted: true }
    },
  )
}
