import { Type, type TObject, type TSchema } from '@sinclair/typebox'

/** Shared wire pieces for contracts. */

/**
 * `T | null`. The response serializer writes it as a nullable `T` (`http/serializer.ts`), so an
 * answer's nullable fields cost no more than plain ones.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** ISO-8601 on the wire; drizzle hands us `Date`s, which the serializer turns into strings. */
export const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })

/** `metadata` in answers: an object of any keys, or null. */
export const Metadata = Nullable(Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true }))

/** `metadata` in request bodies: string keys, any values; `""` deletes a key on update. */
export const MetadataInput = Type.Record(Type.String(), Type.Unknown())

export const BaseFields = {
  id: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
}

export const SoftDeletableFields = {
  ...BaseFields,
  deleted_at: Nullable(DateTime),
}

/**
 * An entity as an answer to `fields=` may send it: each field optional but `id`, which
 * `parseFields` always keeps.
 */
export const Selectable = <T extends TObject>(schema: T) =>
  Type.Composite([Type.Partial(Type.Omit(schema, ['id'])), Type.Pick(schema, ['id'])])

/** `{ id, object, deleted: true }`, the v1 delete answer. */
export const DeleteResponse = Type.Object({ id: Type.String(), object: Type.String(), deleted: Type.Boolean() })

/** `{ id: string }` path params. */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) })

export const Email = Type.String({ format: 'email', maxLength: 320 })

/** Query-string arrays: `id=a`, `id[]=a&id[]=b`, `id=a,b` all become a list. */
export const StringOrArray = Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 1000 })])

export function toList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined
  const list = Array.isArray(value) ? value : [value]
  return list.length === 1 ? list[0].split(',').filter(Boolean) : list
}
