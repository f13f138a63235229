import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, extname, join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { InvalidData, NotFound } from '../core/errors.js'

export interface UploadInput {
  /** The client's name for the file; only its extension is kept. */
  filename: string
  mimeType: string
  stream: Readable
}

export interface StoredFile {
  url: string
  key: string
}

/**
 * Stores uploaded files: product images in public storage, exports and imports in protected
 * storage that is read only through expiring links. A deployment can plug in object storage here.
 */
export interface FileProvider {
  readonly id: string
  upload(file: UploadInput, options: { private: boolean }): Promise<StoredFile>
  delete(key: string): Promise<void>
  /** A link that reads the file; for a protected file it stops working after `expiresInSeconds`. */
  getDownloadUrl(key: string, expiresInSeconds: number): Promise<string>
  getStream(key: string): Promise<Readable>
}

/** Keys are generated here, never taken from a client: 32 hex characters and a short extension. */
export const FILE_KEY_PATTERN = /^[a-f0-9]{32}(?:\.[a-z0-9]{1,10})?$/

export interface LocalFileOptions {
  /** Files go under `<dataDir>/uploads/public` and `<dataDir>/uploads/protected`. */
  dataDir: string
  /** Base of the links handed out (`<publicUrl>/uploads/<key>`). */
  publicUrl: string
  /** Signs protected download links. */
  secret: string
}

interface Located {
  path: string
  private: boolean
}

/**
 * Files on the local disk, served by this server: public ones at `/uploads/<key>`, protected ones
 * at `/uploads/protected/<key>?expires=…&signature=…`.
 */
export class LocalFileProvider implements FileProvider {
  readonly id = 'local'
  readonly publicDir: string
  readonly protectedDir: string
  private readonly baseUrl: string

  constructor(private readonly options: LocalFileOptions) {
    const root = resolve(options.dataDir, 'uploads')
    this.publicDir = join(root, 'public')
    this.protectedDir = join(root, 'protected')
    this.baseUrl = options.publicUrl.replace(/\/+$/, '')
  }

  async prepare(): Promise<void> {
    await mkdir(this.publicDir, { recursive: true })
    await mkdir(this.protectedDir, { recursive: true })
  }

  async upload(file: UploadInput, options: { private: boolean }): Promise<StoredFile> {
    const extension = extname(file.filename).slice(1).toLowerCase()
    const key = randomBytes(16).toString('hex') + (/^[a-z0-9]{1,10}$/.test(extension) ? `.${extension}` : '')
    const dir = options.private ? this.protectedDir : this.publicDir
    await mkdir(dir, { recursive: true })
    // Written under a dot-name first, which is never served, so a half-written file is never read.
    const partial = join(dir, `.${key}.partial`)
    try {
      await pipeline(file.stream, createWriteStream(partial, { flags: 'wx' }))
      await rename(partial, join(dir, key))
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
    return { key, url: options.private ? this.protectedUrl(key) : this.publicUrl(key) }
  }

  async delete(key: string): Promise<void> {
    const file = await this.locate(key)
    await rm(file.path, { force: true })
  }

  async getDownloadUrl(key: string, expiresInSeconds: number): Promise<string> {
    const file = await this.locate(key)
    if (!file.private) return this.publicUrl(key)
    const expires = Math.floor(Date.now() / 1000) + Math.floor(expiresInSeconds)
    return `${this.protectedUrl(key)}?expires=${expires}&signature=${this.sign(key, expires)}`
  }

  async getStream(key: string): Promise<Readable> {
    const file = await this.locate(key)
    return createReadStream(file.path)
  }

  /**
   * Opens a protected file for a signed link (`/uploads/protected/<key>?expires=…&signature=…`);
   * `undefined` when the link is forged or expired. Only the protected directory is read.
   */
  async openSignedDownload(
    key: string,
    expires: string | undefined,
    signature: string | undefined,
    now = Date.now(),
  ): Promise<Readable | undefined> {
    const path = this.pathIn(this.protectedDir, key)
    if (!this.verifySignature(key, expires, signature, now)) return undefined
    if (!(await isFile(path))) throw NotFound.entity('File', key, 'key')
    return createReadStream(path)
  }

  private verifySignature(key: string, expires: string | undefined, signature: string | undefined, now: number) {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false
    if (Number(expires) * 1000 <= now) return false
    const expected = Buffer.from(this.sign(key, Number(expires)))
    const given = Buffer.from(signature)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.options.secret).update(`uploads:${key}:${expires}`).digest('base64url')
  }

  private publicUrl(key: string): string {
    return `${this.baseUrl}/uploads/${key}`
  }

  private protectedUrl(key: string): string {
    return `${this.baseUrl}/uploads/protected/${key}`
  }

  private pathIn(dir: string, key: string): string {
    const path = resolve(dir, key)
    if (!FILE_KEY_PATTERN.test(key) || dirname(path) !== dir) {
      throw new InvalidData(`file_key ${JSON.stringify(key.slice(0, 100))} is not a valid file key`)
    }
    return path
  }

  private async locate(key: string): Promise<Located> {
    for (const [dir, isPrivate] of [
      [this.protectedDir, true],
      [this.publicDir, false],
    ] as const) {
      const path = this.pathIn(dir, key)
      if (await isFile(path)) return { path, private: isPrivate }
    }
    throw NotFound.entity('File', key, 'key')
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}
