import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../core/request-identity.js'
import { DeleteResponse, IdParams } from '../../core/schemas.js'
import {
  AdminGetNotesParams,
  AdminNotesListRes,
  AdminNotesRes,
  AdminPostNotesNoteReq,
  AdminPostNotesReq,
} from './contract.js'
import { createNote, deleteNote, listNotes, retrieveNote, updateNote } from './service.js'

export const adminNoteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Notes']

  app.get(
    '/admin/notes',
    { schema: { tags, querystring: AdminGetNotesParams, response: { 200: AdminNotesListRes } } },
    async (request) => listNotes(app.db, request.query),
  )

  app.get(
    '/admin/notes/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminNotesRes } } },
    async (request) => ({
      note: await retrieveNote(app.db, request.params.id),
    }),
  )

  app.post(
    '/admin/notes',
    { schema: { tags, body: AdminPostNotesReq, response: { 200: AdminNotesRes } } },
    async (request) => ({ note: await createNote(app.db, request.body, actorOf(request)) }),
  )

  app.post(
    '/admin/notes/:id',
    { schema: { tags, params: IdParams, body: AdminPostNotesNoteReq, response: { 200: AdminNotesRes } } },
    async (request) => ({ note: await updateNote(app.db, request.params.id, request.body.value) }),
  )

  app.delete(
    '/admin/notes/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteNote(app.db, request.params.id)
      return { id: request.params.id, object: 'note', deleted: true }
    },
  )
}
