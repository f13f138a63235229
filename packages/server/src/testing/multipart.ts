import { randomBytes } from 'node:crypto'

export type MultipartPart =
  { field?: string; filename: string; contentType: string; content: string | Buffer } | { field: string; value: string }

/**
 * A `multipart/form-data` request body for `app.inject`. File parts go in the field `files`
 * unless another field is named.
 */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----emporium-test-${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.field}"\r\n`
        : `Content-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n`
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`))
    const body = 'value' in part ? part.value : part.content
    chunks.push(Buffer.isBuffer(body) ? body : Buffer.from(body))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
