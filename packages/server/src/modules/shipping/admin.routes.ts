import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse } from '../../core/schemas.js'
import {
  AdminGetShippingOptionsParams,
  AdminPostShippingOptionsOptionReq,
  AdminPostShippingOptionsReq,
  AdminPostShippingProfilesProfileReq,
  AdminPostShippingProfilesReq,
  AdminShippingOptionRes,
  AdminShippingOptionsListRes,
  AdminShippingProfileRes,
  AdminShippingProfilesListRes,
  ShippingOptionIdParams,
  ShippingProfileIdParams,
} from './contract.js'
import {
  createShippingProfile,
  deleteShippingProfile,
  listShippingProfiles,
  retrieveShippingProfile,
  updateShippingProfile,
} from './profiles.js'
import {
  createShippingOption,
  deleteShippingOption,
  listShippingOptions,
  retrieveShippingOption,
  updateShippingOption,
} from './service.js'

export const adminShippingOptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Shipping Options']
  const optionRes = { 200: AdminShippingOptionRes }
  const flags = app.config.featureFlags
  const providers = app.providers.fulfillmentProviders

  app.get(
    '/admin/shipping-options',
    { schema: { tags, querystring: AdminGetShippingOptionsParams, response: { 200: AdminShippingOptionsListRes } } },
    async (request) => {
      return listShippingOptions(app.db, request.query, flags)
    },
  )

  app.get(
    '/admin/shipping-options/:option_id',
    { schema: { tags, params: ShippingOptionIdParams, response: optionRes } },
    async (request) => ({
      shipping_option: await retrieveShippingOption(app.db, request.params.option_id, flags),
    }),
  )

  app.post(
    '/admin/shipping-options',
    { schema: { tags, body: AdminPostShippingOptionsReq, response: optionRes } },
    async (request) => ({ shipping_option: await createShippingOption(app.db, request.body, providers, flags) }),
  )

  app.post(
    '/admin/shipping-options/:option_id',
    { schema: { tags, params: ShippingOptionIdParams, body: AdminPostShippingOptionsOptionReq, response: optionRes } },
    async (request) => ({
      shipping_option: await updateShippingOption(app.db, request.params.option_id, request.body, providers, flags),
    }),
  )

  app.delete(
    '/admin/shipping-options/:option_id',
    { schema: { tags, params: ShippingOptionIdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteShippingOption(app.db, request.params.option_id)
      return { id: request.params.option_id, object: 'shipping-option', deleted: true }
    },
  )
}

export const adminShippingProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Shipping Profiles']
  const profileRes = { 200: AdminShippingProfileRes }

  app.get(
    '/admin/shipping-profiles',
    { schema: { tags, response: { 200: AdminShippingProfilesListRes } } },
    async () => ({
      shipping_profiles: await listShippingProfiles(app.db),
    }),
  )

  app.get(
    '/admin/shipping-profiles/:profile_id',
    { schema: { tags, params: ShippingProfileIdParams, response: profileRes } },
    async (request) => ({ shipping_profile: await retrieveShippingProfile(app.db, request.params.profile_id) }),
  )

  app.post(
    '/admin/shipping-profiles',
    { schema: { tags, body: AdminPostShippingProfilesReq, response: profileRes } },
    async (request) => ({ shipping_profile: await createShippingProfile(app.db, request.body) }),
  )

  app.post(
    '/admin/shipping-profiles/:profile_id',
    {
      schema: {
        tags,
        params: ShippingProfileIdParams,
        body: AdminPostShippingProfilesProfileReq,
        response: profileRes,
      },
    },
    async (request) => ({
      shipping_profile: await updateShippingProfile(app.db, request.params.profile_id, request.body),
    }),
  )

  app.delete(
    '/admin/shipping-profiles/:profile_id',
    { schema: { tags, params: ShippingProfileIdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteShippingProfile(app.db, request.params.profile_id)
      return { id: request.params.profile_id, object: 'shipping_profile', deleted: true }
    },
  )
}
