import { DeleteResponse } from '../../../core/schemas.js'
import { AdminNotesListRes, AdminNotesRes } from '../../../modules/notes/contract.js'
import type { RouteTable } from '../client.js'

export const notesRoutes = {
  'GET /admin/notes': AdminNotesListRes,
  'POST /admin/notes': AdminNotesRes,
  'DELETE /admin/notes/:id': DeleteResponse,
  'GET /admin/notes/:id': AdminNotesRes,
  'POST /admin/notes/:id': AdminNotesRes,
} as const satisfies RouteTable
