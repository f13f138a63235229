import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { InvalidData } from '../../core/errors.js'
import {
  AdminDeleteUploadsReq,
  AdminDeleteUploadsRes,
  AdminDownloadUrlRes,
  AdminPostUploadsDownloadUrlReq,
  AdminPostUploadsForm,
  AdminUploadsRes,
} from './contract.js'
import { FILES_FIELD, MAX_FILES_PER_REQUEST, storeUploads } from './service.js'

const tags = ['Uploads']

/** Long enough to start a download from the admin, short enough that a leaked link soon dies. */
const DOWNLOAD_URL_TTL_SECONDS = 15 * 60

/** `POST /admin/uploads` and `/admin/uploads/protected`: the only routes that take multipart bodies. */
export const adminUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const maxBytes = app.config.uploadMaxBytes
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) {
    throw new Error(`UPLOAD_MAX_BYTES must be a positive whole number of bytes (got "${maxBytes}")`)
  }
  // Registered inside this plugin, so every other route keeps refusing multipart with 415.
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: MAX_FILES_PER_REQUEST,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 40,
      headerPairs: 100,
    },
  })

  // A refused upload is answered before its body has been read; discard the rest of the body so the
  // client can finish sending and read the answer, and the connection stays usable. A body far past
  // what could be accepted is cut off instead.
  const discardLimit = maxBytes * MAX_FILES_PER_REQUEST
  app.addHook('onSend', async (request) => {
    const raw = request.raw
    if (!request.isMultipart() || raw.readableEnded) return
    let discarded = 0
    raw.unpipe()
    raw.on('data', (chunk: Buffer) => {
      discarded += chunk.length
      if (discarded > discardLimit) raw.destroy()
    })
    raw.resume()
  })

  const upload = (isPrivate: boolean) => async (request: FastifyRequest) => {
    if (!request.isMultipart()) {
      throw new InvalidData(`${FILES_FIELD} is required: send multipart/form-data with the files in "${FILES_FIELD}"`)
    }
    const uploads = await storeUploads(app.providers.file, request.parts(), { private: isPrivate, maxBytes })
    return { uploads }
  }
  const schema = {
    tags,
    consumes: ['multipart/form-data'],
    body: AdminPostUploadsForm,
    response: { 200: AdminUploadsRes },
  }
  // The body schema documents the form; parts are streamed and checked by the handler, not buffered for Ajv.
  const streamedBody = () => () => true

  app.post('/admin/uploads', { schema, validatorCompiler: streamedBody }, upload(false))
  app.post('/admin/uploads/protected', { schema, validatorCompiler: streamedBody }, upload(true))
}

export const adminFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/admin/uploads',
    { schema: { tags, body: AdminDeleteUploadsReq, response: { 200: AdminDeleteUploadsRes } } },
    async (request) => {
      await app.providers.file.delete(request.body.file_key)
      return { id: request.body.file_key, object: 'file' as const, deleted: true }
    },
  )

  app.post(
    '/admin/uploads/download-url',
    { schema: { tags, body: AdminPostUploadsDownloadUrlReq, response: { 200: AdminDownloadUrlRes } } },
    async (request) => ({
      download_url: await app.providers.file.getDownloadUrl(request.body.file_key, DOWNLOAD_URL_TTL_SECONDS),
    }),
  )
}
