import type { Multipart, MultipartFile } from '@fastify/multipart'
import { extname } from 'node:path'
import { InvalidData } from '../../core/errors.js'
import type { FileProvider, StoredFile } from '../../providers/file.js'

/** The multipart field that carries the files, as in v1 (`multer().array("files")`). */
export const FILES_FIELD = 'files'

/** Files accepted in one request. */
export const MAX_FILES_PER_REQUEST = 20

/**
 * What may be uploaded: images for the catalogue, CSV and text for imports, PDF documents. Both the
 * extension and the declared type must be on the list, so a script cannot pass as `photo.png` and
 * a `.png` cannot be declared `text/html`. Spreadsheet programs on Windows declare CSV files as
 * `application/vnd.ms-excel`, and some browsers as `text/plain`.
 */
const ALLOWED_TYPES: Record<string, readonly string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  avif: ['image/avif'],
  svg: ['image/svg+xml'],
  csv: ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'],
  txt: ['text/plain'],
  pdf: ['application/pdf'],
}

/** The types allowed for a file name's extension; own keys only (`a.constructor` names none). */
function typesOf(extension: string): readonly string[] | undefined {
  return Object.hasOwn(ALLOWED_TYPES, extension) ? ALLOWED_TYPES[extension] : undefined
}

/** The content type a stored file is served with, from its (already allowed) extension. */
export function contentTypeOf(key: string): string {
  return typesOf(extname(key).slice(1))?.[0] ?? 'application/octet-stream'
}

/** A file over the size limit: answered `413` with the file named. */
export class FileTooLarge extends Error {
  readonly statusCode = 413

  constructor(filename: string, maxBytes: number) {
    super(`File ${quote(filename)} is larger than the upload limit of ${maxBytes} bytes`)
    this.name = 'FileTooLarge'
  }
}

function quote(filename: string): string {
  return JSON.stringify(filename.length > 100 ? `${filename.slice(0, 100)}…` : filename)
}

function checkType(part: MultipartFile): void {
  const extension = extname(part.filename).slice(1).toLowerCase()
  const mimeType = part.mimetype.split(';')[0].trim().toLowerCase()
  if (!typesOf(extension)?.includes(mimeType)) {
    throw new InvalidData(
      `File ${quote(part.filename)} (${mimeType || 'no type'}) is not an allowed file type; allowed extensions: ${Object.keys(ALLOWED_TYPES).join(', ')}`,
    )
  }
}

async function storeOne(
  provider: FileProvider,
  part: MultipartFile,
  options: { private: boolean; maxBytes: number },
): Promise<StoredFile> {
  if (part.fieldname !== FILES_FIELD) {
    part.file.resume()
    throw new InvalidData(`Unexpected file field ${quote(part.fieldname)}; send files in the field "${FILES_FIELD}"`)
  }
  try {
    checkType(part)
  } catch (error) {
    part.file.resume()
    throw error
  }
  let streamError: Error | undefined
  part.file.on('error', (error) => (streamError ??= error))
  // Stop writing as soon as the limit is crossed instead of storing a truncated file.
  part.file.once('limit', () => part.file.destroy(new FileTooLarge(part.filename, options.maxBytes)))
  let stored: StoredFile
  try {
    stored = await provider.upload({ filename: part.filename, mimeType: part.mimetype, stream: part.file }, options)
  } catch (error) {
    // The parser may have failed the stream before this function listened to it.
    const cause = streamError ?? part.file.errored
    if (cause instanceof FileTooLarge) throw cause
    // The request body broke off or is malformed: the client's fault, not a storage failure.
    if (cause) throw new InvalidData(`files: the multipart body is malformed (${cause.message})`)
    throw error
  }
  // The limit can be crossed before the listener above is attached; the parser then truncates.
  if (part.file.truncated) {
    await provider.delete(stored.key)
    throw new FileTooLarge(part.filename, options.maxBytes)
  }
  return stored
}

function asClientError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code
  if (code === 'FST_FILES_LIMIT') {
    return Object.assign(new Error(`At most ${MAX_FILES_PER_REQUEST} files can be uploaded at once`), {
      statusCode: 413,
    })
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const part = (error as { part?: MultipartFile }).part
    return new FileTooLarge(part?.filename ?? 'upload', maxBytes)
  }
  if (error instanceof Error && (error as { statusCode?: number }).statusCode === undefined && !code) {
    return new InvalidData(`files: the multipart body is malformed (${error.message})`)
  }
  return error
}

/**
 * Stores every file of a multipart request (field `files`). All or nothing: when one file is
 * refused, the ones already stored are removed again.
 */
export async function storeUploads(
  provider: FileProvider,
  parts: AsyncIterable<Multipart>,
  options: { private: boolean; maxBytes: number },
): Promise<StoredFile[]> {
  const stored: StoredFile[] = []
  const iterator = parts[Symbol.asyncIterator]()
  try {
    for (;;) {
      const next = await iterator.next().catch((error: unknown) => {
        throw asClientError(error, options.maxBytes)
      })
      if (next.done) break
      // Text fields are ignored, as v1 does.
      if (next.value.type === 'file') stored.push(await storeOne(provider, next.value, options))
    }
  } catch (error) {
    await Promise.allSettled(stored.map((file) => provider.delete(file.key)))
    throw error
  }
  if (stored.length === 0) throw new InvalidData(`${FILES_FIELD} is required`)
  return stored
}
