import { Type } from '@sinclair/typebox'

const FileKey = Type.String({ minLength: 1, maxLength: 200 })

export const UploadedFile = Type.Object({ url: Type.String(), key: Type.String() })

export const AdminUploadsRes = Type.Object({ uploads: Type.Array(UploadedFile) })

/** Documents the multipart form for OpenAPI; the handler reads and checks the parts itself. */
export const AdminPostUploadsForm = Type.Object({
  files: Type.Array(Type.String({ format: 'binary' }), { minItems: 1 }),
})

export const AdminDeleteUploadsReq = Type.Object({ file_key: FileKey }, { additionalProperties: false })

export const AdminDeleteUploadsRes = Type.Object({
  id: Type.String(),
  object: Type.Literal('file'),
  deleted: Type.Boolean(),
})

export const AdminPostUploadsDownloadUrlReq = Type.Object({ file_key: FileKey }, { additionalProperties: false })

export const AdminDownloadUrlRes = Type.Object({ download_url: Type.String() })

export const ProtectedFileParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) })

/** Checked against the signature, so any malformed value is a refused link rather than a 400. */
export const ProtectedFileQuery = Type.Object(
  {
    expires: Type.Optional(Type.String({ maxLength: 20 })),
    signature: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
)

export const ErrorRes = Type.Object({ type: Type.String(), message: Type.String() })
