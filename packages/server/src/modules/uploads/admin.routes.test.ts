import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin } from '../../testing/factories/users.js'
import { multipartBody, type MultipartPart } from '../../testing/multipart.js'
import { useTestApp } from '../../testing/test-app.js'

const dataDir = mkdtempSync(join(tmpdir(), 'emporium-uploads-'))
const MAX_BYTES = 1024 * 1024
const PUBLIC_URL = 'http://files.test'
const ctx = useTestApp({ dataDir, publicUrl: PUBLIC_URL, uploadMaxBytes: MAX_BYTES })
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const publicDir = join(dataDir, 'uploads', 'public')
const protectedDir = join(dataDir, 'uploads', 'protected')
// Something a traversing key would reach for.
writeFileSync(join(dataDir, 'secrets.json'), '{"jwtSecret":"do-not-leak"}')

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])

let headers: Record<string, string>
beforeAll(async () => {
  headers = (await asAdmin(ctx.app.db)).headers
})

async function upload(parts: MultipartPart[], url = '/admin/uploads') {
  const body = multipartBody(parts)
  return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } })
}

/** The path and query of an absolute URL handed out by the server, for `app.inject`. */
function pathOf(url: string): string {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

const storedFiles = () => [...readdirSync(publicDir), ...readdirSync(protectedDir)]

describe('POST /admin/uploads', () => {
  it('stores one file under a generated key and serves it at its public URL', async () => {
    const res = await upload([{ filename: 'Photo Of Shoe.PNG', contentType: 'image/png', content: PNG }])
    expect(res.statusCode).toBe(200)
    const { uploads } = res.json()
    expect(uploads).toHaveLength(1)
    const [{ key, url }] = uploads
    expect(key).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(url).toBe(`${PUBLIC_URL}/uploads/${key}`)

    const file = await ctx.app.inject({ method: 'GET', url: pathOf(url) })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PNG)).toBe(true)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.headers['content-security-policy']).toContain('sandbox')
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(file.headers['cache-control']).toContain('immutable')
  })

  it('stores several files of one request, each under its own key', async () => {
    const res = await upload([
      { filename: 'a.jpg', contentType: 'image/jpeg', content: 'jpeg bytes' },
      { filename: 'products.csv', contentType: 'text/csv', content: 'title,handle\nShirt,shirt\n' },
      { field: 'note', value: 'text fields are ignored' },
    ])
    expect(res.statusCode).toBe(200)
    const { uploads } = res.json()
    expect(uploads).toHaveLength(2)
    expect(uploads[0].key).not.toBe(uploads[1].key)
    const jpeg = await ctx.app.inject({ method: 'GET', url: pathOf(uploads[0].url) })
    expect(jpeg.body).toBe('jpeg bytes')
    const csv = await ctx.app.inject({ method: 'GET', url: pathOf(uploads[1].url) })
    expect(csv.body).toBe('title,handle\nShirt,shirt\n')
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
  })

  it('refuses a file over the size limit with 413 naming the file, and keeps none of the request', async () => {
    const before = storedFiles()
    const res = await upload([
      { filename: 'small.png', contentType: 'image/png', content: PNG },
      { filename: 'huge.png', contentType: 'image/png', content: Buffer.alloc(MAX_BYTES + 1, 1) },
    ])
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      type: 'invalid_data',
      message: `File "huge.png" is larger than the upload limit of ${MAX_BYTES} bytes`,
    })
    expect(storedFiles()).toEqual(before)
  })

  it('refuses more than 20 files in one request with 413, keeping none', async () => {
    const before = storedFiles()
    const files = Array.from({ length: 21 }, (_, i) => ({
      filename: `f${i}.txt`,
      contentType: 'text/plain',
      content: 'x',
    }))
    const res = await upload(files)
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ type: 'invalid_data', message: 'At most 20 files can be uploaded at once' })
    expect(storedFiles()).toEqual(before)
  })

  it('accepts a file of exactly the size limit', async () => {
    const res = await upload([{ filename: 'edge.png', contentType: 'image/png', content: Buffer.alloc(MAX_BYTES, 1) }])
    expect(res.statusCode).toBe(200)
  })

  it('refuses types outside the allow-list, by extension and by declared type', async () => {
    const before = storedFiles()
    const cases: [MultipartPart, string][] = [
      [{ filename: 'setup.exe', contentType: 'application/octet-stream', content: 'MZ' }, 'setup.exe'],
      [{ filename: 'page.html', contentType: 'text/html', content: '<script>alert(1)</script>' }, 'page.html'],
      [{ filename: 'photo.png', contentType: 'text/html', content: '<script>alert(1)</script>' }, 'photo.png'],
      [{ filename: 'script.svg.js', contentType: 'image/svg+xml', content: 'alert(1)' }, 'script.svg.js'],
      [{ filename: 'no-extension', contentType: 'image/png', content: PNG }, 'no-extension'],
      // Names every object inherits are no extensions on the list.
      [{ filename: 'a.constructor', contentType: 'image/png', content: PNG }, 'a.constructor'],
      [{ filename: 'a.__proto__', contentType: 'image/png', content: PNG }, 'a.__proto__'],
    ]
    for (const [part, name] of cases) {
      const res = await upload([{ filename: 'fine.png', contentType: 'image/png', content: PNG }, part])
      expect(res.statusCode, name).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toContain(`File "${name}"`)
      expect(res.json().message).toMatch(/not an allowed file type/)
    }
    expect(storedFiles()).toEqual(before)
  })

  it('accepts each allowed type', async () => {
    const allowed: [string, string][] = [
      ['a.jpeg', 'image/jpeg'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.avif', 'image/avif'],
      ['a.svg', 'image/svg+xml'],
      ['a.csv', 'application/vnd.ms-excel'],
      ['a.txt', 'text/plain'],
      ['a.pdf', 'application/pdf'],
    ]
    const res = await upload(allowed.map(([filename, contentType]) => ({ filename, contentType, content: 'x' })))
    expect(res.statusCode).toBe(200)
    expect(res.json().uploads).toHaveLength(allowed.length)
  })

  it('answers 400 when the files field is missing', async () => {
    const onlyText = await upload([{ field: 'files', value: 'not a file' }])
    expect(onlyText.statusCode).toBe(400)
    expect(onlyText.json()).toEqual({ type: 'invalid_data', message: 'files is required' })

    const empty = await upload([])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('files is required')

    const otherField = await upload([{ field: 'file', filename: 'a.png', contentType: 'image/png', content: PNG }])
    expect(otherField.statusCode).toBe(400)
    expect(otherField.json().message).toMatch(/Unexpected file field "file"/)

    const json = await ctx.app.inject({ method: 'POST', url: '/admin/uploads', headers, payload: { files: ['a.png'] } })
    expect(json.statusCode).toBe(400)
    expect(json.json().message).toMatch(/^files is required/)
  })

  it('answers 400 for a malformed multipart body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/uploads',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      type: 'invalid_data',
      message: 'files: the multipart body is malformed (Unexpected end of multipart data)',
    })
    expect(storedFiles().some((name) => name.startsWith('.'))).toBe(false)
  })

  it('accepts multipart only on the upload routes', async () => {
    const body = multipartBody([{ field: 'file_key', value: 'x' }])
    for (const url of ['/admin/uploads/download-url', '/admin/users']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      })
      expect(res.statusCode, url).toBe(415)
    }
  })
})

describe('over a real connection', () => {
  it('answers uploads refused before their body was read, and keeps serving', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const threeMegabytes = Buffer.alloc(3 * 1024 * 1024, 1)
    const cases: [string, string, Buffer, Record<string, string>, number][] = [
      ['huge.png', 'image/png', threeMegabytes, headers, 413],
      ['setup.exe', 'application/x-msdownload', threeMegabytes, headers, 400],
      ['anonymous.png', 'image/png', threeMegabytes, {}, 401],
      ['fine.png', 'image/png', PNG, headers, 200],
    ]
    for (const [filename, type, content, auth, status] of cases) {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(content)], { type }), filename)
      form.append('files', new Blob([PNG], { type: 'image/png' }), 'second.png')
      const res = await fetch(`${base}/admin/uploads`, {
        method: 'POST',
        body: form,
        headers: auth,
        signal: AbortSignal.timeout(10_000),
      })
      expect(res.status, filename).toBe(status)
      await res.arrayBuffer()
    }
  })
})

describe('OpenAPI', () => {
  it('documents the upload form', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const content = doc.paths['/admin/uploads'].post.requestBody.content
    expect(Object.keys(content)).toEqual(['multipart/form-data'])
    expect(content['multipart/form-data'].schema.properties.files.items).toMatchObject({ format: 'binary' })
    expect(doc.paths['/uploads/protected/{key}']).toBeUndefined()
  })
})

describe('protected uploads', () => {
  it('are not readable at a public URL and are read through an expiring download URL', async () => {
    const res = await upload(
      [{ filename: 'export.csv', contentType: 'text/csv', content: 'id\n1\n' }],
      '/admin/uploads/protected',
    )
    expect(res.statusCode).toBe(200)
    const [{ key, url }] = res.json().uploads
    expect(url).toBe(`${PUBLIC_URL}/uploads/protected/${key}`)
    expect(existsSync(join(protectedDir, key))).toBe(true)

    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404)
    const unsigned = await ctx.app.inject({ method: 'GET', url: pathOf(url) })
    expect(unsigned.statusCode).toBe(403)
    expect(unsigned.json()).toEqual({ type: 'not_allowed', message: 'The download link is invalid or has expired' })

    const link = await ctx.app.inject({
      method: 'POST',
      url: '/admin/uploads/download-url',
      headers,
      payload: { file_key: key },
    })
    expect(link.statusCode).toBe(200)
    const { download_url } = link.json()
    expect(download_url).toMatch(
      new RegExp(`^${PUBLIC_URL}/uploads/protected/${key}\\?expires=\\d+&signature=[\\w-]+$`),
    )
    const file = await ctx.app.inject({ method: 'GET', url: pathOf(download_url) })
    expect(file.statusCode).toBe(200)
    expect(file.body).toBe('id\n1\n')
    expect(file.headers['content-type']).toMatch(/^text\/csv/)
    expect(file.headers['cache-control']).toBe('private, no-store')
  })

  it('refuses expired and tampered download URLs with 403', async () => {
    const res = await upload(
      [{ filename: 'a.pdf', contentType: 'application/pdf', content: '%PDF' }],
      '/admin/uploads/protected',
    )
    const { key } = res.json().uploads[0]
    const other = await upload(
      [{ filename: 'b.pdf', contentType: 'application/pdf', content: '%PDF' }],
      '/admin/uploads/protected',
    )
    const otherKey = other.json().uploads[0].key

    const expired = await ctx.app.providers.file.getDownloadUrl(key, -1)
    const valid = new URL(await ctx.app.providers.file.getDownloadUrl(key, 60))
    const expires = valid.searchParams.get('expires')!
    const signature = valid.searchParams.get('signature')!
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    const refused = [
      pathOf(expired),
      `/uploads/protected/${key}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/uploads/protected/${key}?expires=${expires}&signature=${flipped}`,
      `/uploads/protected/${key}?expires=${expires}&signature=${signature.slice(0, -1)}`,
      `/uploads/protected/${otherKey}?expires=${expires}&signature=${signature}`,
      `/uploads/protected/${key}?expires=${expires}`,
      `/uploads/protected/${key}?expires=soon&signature=${signature}`,
    ]
    for (const url of refused) {
      const refusal = await ctx.app.inject({ method: 'GET', url })
      expect(refusal.statusCode, url).toBe(403)
      expect(refusal.json().type).toBe('not_allowed')
    }
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(valid.href) })).statusCode).toBe(200)
  })

  it('gives a public file its public URL as download URL', async () => {
    const res = await upload([{ filename: 'a.png', contentType: 'image/png', content: PNG }])
    const [{ key, url }] = res.json().uploads
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/admin/uploads/download-url',
      headers,
      payload: { file_key: key },
    })
    expect(link.json()).toEqual({ download_url: url })
  })
})

describe('DELETE /admin/uploads', () => {
  it('removes a public or protected file', async () => {
    for (const url of ['/admin/uploads', '/admin/uploads/protected']) {
      const res = await upload([{ filename: 'gone.png', contentType: 'image/png', content: PNG }], url)
      const [{ key }] = res.json().uploads
      const del = await ctx.app.inject({ method: 'DELETE', url: '/admin/uploads', headers, payload: { file_key: key } })
      expect(del.statusCode).toBe(200)
      expect(del.json()).toEqual({ id: key, object: 'file', deleted: true })
      expect(storedFiles()).not.toContain(key)
      expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404)

      const again = await ctx.app.inject({
        method: 'DELETE',
        url: '/admin/uploads',
        headers,
        payload: { file_key: key },
      })
      expect(again.statusCode).toBe(404)
      expect(again.json()).toEqual({ type: 'not_found', message: `File with key ${key} was not found` })
    }
  })

  it('validates the body', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /file_key is required/],
      [{ file_key: 12 }, /file_key must be a string/],
      [{ file_key: '' }, /file_key/],
      [{ file_key: 'a', extra: true }, /property extra should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'DELETE', url: '/admin/uploads', headers, payload: payload as object })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('file keys', () => {
  const traversals = [
    '../secrets.json',
    '../../secrets.json',
    '..%2Fsecrets.json',
    `public/../../secrets.json`,
    '/etc/passwd',
    'a'.repeat(32) + '/../x.png',
    '.hidden',
    'A'.repeat(32) + '.png',
  ]

  it('refuses keys that are not generated ones with 400, on delete and download-url', async () => {
    for (const file_key of traversals) {
      for (const [method, url] of [
        ['DELETE', '/admin/uploads'],
        ['POST', '/admin/uploads/download-url'],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers, payload: { file_key } })
        expect(res.statusCode, `${method} ${file_key}`).toBe(400)
        expect(res.json().message).toMatch(/is not a valid file key/)
      }
    }
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true)
  })

  it('serves nothing outside the upload directories', async () => {
    const valid = new URL(
      await ctx.app.providers.file.getDownloadUrl(
        (
          await upload([{ filename: 'a.txt', contentType: 'text/plain', content: 'x' }], '/admin/uploads/protected')
        ).json().uploads[0].key,
        60,
      ),
    )
    for (const url of [
      '/uploads/..%2Fsecrets.json',
      '/uploads/..%2F..%2Fsecrets.json',
      '/uploads/../secrets.json',
      '/uploads/%2e%2e/secrets.json',
      '/uploads/',
      '/uploads/protected/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('do-not-leak')
    }
    const protectedTraversal = await ctx.app.inject({
      method: 'GET',
      url: `/uploads/protected/..%2F..%2Fsecrets.json${valid.search}`,
    })
    expect(protectedTraversal.statusCode).toBe(400)
    expect(protectedTraversal.body).not.toContain('do-not-leak')
  })
})

describe('authentication', () => {
  it('answers 401 without a logged-in user', async () => {
    const body = multipartBody([{ filename: 'a.png', contentType: 'image/png', content: PNG }])
    const requests = [
      { method: 'POST', url: '/admin/uploads', payload: body.payload, headers: body.headers },
      { method: 'POST', url: '/admin/uploads/protected', payload: body.payload, headers: body.headers },
      { method: 'DELETE', url: '/admin/uploads', payload: { file_key: 'a'.repeat(32) } },
      { method: 'POST', url: '/admin/uploads/download-url', payload: { file_key: 'a'.repeat(32) } },
    ] as const
    const before = storedFiles()
    for (const request of requests) {
      const res = await ctx.app.inject(request)
      expect(res.statusCode, request.url).toBe(401)
      expect(res.body).toBe('Unauthorized')
    }
    expect(storedFiles()).toEqual(before)
  })
})
