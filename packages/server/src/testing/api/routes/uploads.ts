import { AdminDeleteUploadsRes, AdminDownloadUrlRes, AdminUploadsRes } from '../../../modules/uploads/contract.js'

/** The schemas by name, so that declarations stay small. */
export type UploadsRoutes = {
  'DELETE /admin/uploads': typeof AdminDeleteUploadsRes
  'POST /admin/uploads': typeof AdminUploadsRes
  'POST /admin/uploads/download-url': typeof AdminDownloadUrlRes
  'POST /admin/uploads/protected': typeof AdminUploadsRes
}

export const uploadsRoutes: UploadsRoutes = {
  'DELETE /admin/uploads': AdminDeleteUploadsRes,
  'POST /admin/uploads': AdminUploadsRes,
  'POST /admin/uploads/download-url': AdminDownloadUrlRes,
  'POST /admin/uploads/protected': AdminUploadsRes,
}
