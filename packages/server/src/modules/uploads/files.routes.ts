import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { Readable } from 'node:stream'
import { FILE_KEY_PATTERN, LocalFileProvider } from '../../providers/file.js'
import { ErrorRes, ProtectedFileParams, ProtectedFileQuery } from './contract.js'
import { contentTypeOf } from './service.js'

/**
 * Uploaded SVGs (and any file opened directly) render in a sandbox without scripts, so an upload
 * cannot run code on this origin.
 */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

/** The file's bytes, streamed (streams skip response serialization). */
const FileBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary' })

/**
 * Serves the local provider's files: public ones to anyone, protected ones only through a signed,
 * expiring link. Object storage providers hand out their own links, so nothing is served then.
 */
export const uploadedFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const provider = app.providers.file
  if (!(provider instanceof LocalFileProvider)) return
  await provider.prepare()

  await app.register(fastifyStatic, {
    root: provider.publicDir,
    prefix: '/uploads/',
    decorateReply: false,
    list: false,
    index: false,
    redirect: false,
    dotfiles: 'deny',
    allowedPath: (pathname) => FILE_KEY_PATTERN.test(pathname.replace(/^\//, '')),
    // A key names one content forever (a new upload gets a new key).
    maxAge: '365d',
    immutable: true,
    setHeaders: (res) => {
      res.setHeader('content-security-policy', FILE_CSP)
      // Storefronts on another site show these images.
      res.setHeader('cross-origin-resource-policy', 'cross-origin')
    },
  })

  app.get(
    '/uploads/protected/:key',
    {
      schema: {
        hide: true,
        params: ProtectedFileParams,
        querystring: ProtectedFileQuery,
        response: { 200: FileBytes, 403: ErrorRes },
      },
    },
    async (request, reply) => {
      const { key } = request.params
      const stream = await provider.openSignedDownload(key, request.query.expires, request.query.signature)
      if (!stream) {
        return reply.status(403).send({ type: 'not_allowed', message: 'The download link is invalid or has expired' })
      }
      return reply
        .type(contentTypeOf(key))
        .header('content-disposition', `attachment; filename="${key}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', FILE_CSP)
        .send(stream)
    },
  )
}
