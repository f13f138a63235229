import { and, asc, eq, getTableColumns, isNull } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { NotFound } from '../../core/errors.js'
import { listAnswer, listTotal, whereAll, type ListAnswer } from '../../core/list.js'
import { user } from '../users/schema.js'
import { publicUserColumns } from '../users/service.js'
import { notesPaging, type AdminGetNotesParams, type AdminPostNotesReq, type Note } from './contract.js'
import { note } from './schema.js'

/** v1 event names (NoteService.Events). */
export const NOTE_EVENTS = { created: 'note.created', updated: 'note.updated', deleted: 'note.deleted' } as const

export type NoteRow = typeof note.$inferSelect

const live = isNull(note.deleted_at)

/** Notes with their author in one statement (a deleted author reads as null, as in v1). */
function selectWithAuthor(db: Db) {
  return db
    .select({ note: getTableColumns(note), author: publicUserColumns })
    .from(note)
    .leftJoin(user, and(eq(user.id, note.author_id), isNull(user.deleted_at)))
}

const withAuthor = (row: { note: NoteRow; author: Note['author'] }): Note => ({ ...row.note, author: row.author })

/** Live notes, oldest first (a thread reads in the order it was written), with their authors. */
export async function listNotes(db: Db, query: AdminGetNotesParams): Promise<ListAnswer<'notes', Note>> {
  const page = notesPaging.page(query)
  const { limit, offset } = page
  const where = whereAll([live, query.resource_id ? eq(note.resource_id, query.resource_id) : undefined])
  const rows = await selectWithAuthor(db)
    .where(where)
    .orderBy(asc(note.created_at), asc(note.id))
    .limit(limit)
    .offset(offset)
  const count = await listTotal(db, note, where, { rows: rows.length, ...page })
  return listAnswer('notes', rows.map(withAuthor), count, page)
}

/** A live note with its author. */
export async function retrieveNote(db: Db, id: string): Promise<Note> {
  const [row] = await selectWithAuthor(db)
    .where(and(eq(note.id, id), live))
    .limit(1)
  if (!row) throw NotFound.entity('Note', id)
  return withAuthor(row)
}

/** A note by the logged-in user; `note.created` goes out once it is committed. */
export async function createNote(db: Db, input: AdminPostNotesReq, authorId: string): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(note)
      .values({ id: generateId('note'), ...input, author_id: authorId, metadata: {} })
      .returning()
    await emit(tx, NOTE_EVENTS.created, { id: created.id })
    return created
  })
}

export async function updateNote(db: Db, id: string, value: string): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(note)
      .set({ value, updated_at: new Date() })
      .where(and(eq(note.id, id), live))
      .returning()
    if (!updated) throw NotFound.entity('Note', id)
    await emit(tx, NOTE_EVENTS.updated, { id })
    return updated
  })
}

/** Soft delete (v1): the note leaves every list and read. */
export async function deleteNote(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(note)
      .set({ deleted_at: new Date() })
      .where(and(eq(note.id, id), live))
      .returning({ id: note.id })
    if (!deleted) throw NotFound.entity('Note', id)
    await emit(tx, NOTE_EVENTS.deleted, { id })
  })
}
