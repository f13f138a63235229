import { DeleteResponse } from '../../../core/schemas.js'
import { AdminNotesListRes, AdminNotesRes } from '../../../modules/notes/contract.js'

/** The schemas by name, so that declarations stay small. */
export type NotesRoutes = {
  'GET /admin/notes': typeof AdminNotesListRes
  'POST /admin/notes': typeof AdminNotesRes
  'DELETE /admin/notes/:id': typeof DeleteResponse
  'GET /admin/notes/:id': typeof AdminNotesRes
  'POST /admin/notes/:id': typeof AdminNotesRes
}

export const notesRoutes: NotesRoutes = {
  'GET /admin/notes': AdminNotesListRes,
  'POST /admin/notes': AdminNotesRes,
  'DELETE /admin/notes/:id': DeleteResponse,
  'GET /admin/notes/:id': AdminNotesRes,
  'POST /admin/notes/:id': AdminNotesRes,
}
