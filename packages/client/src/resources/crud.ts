import type { RequestHeaders, ResponsePromise } from '../http/client.js'
import { Resource, seg, type DeleteRes } from './resource.js'

/** The types of one resource's five calls. */
export interface CrudTypes {
  create: object
  update: object
  listQuery: object
  retrieveQuery: object
  one: object
  list: object
}

/** Create, retrieve, update, delete and list under one admin path (`/admin/gift-cards`, `{id}`). */
export abstract class CrudResource<T extends CrudTypes> extends Resource {
  protected abstract readonly path: string

  protected itemPath(id: string): string {
    return `${this.path}/${seg(id)}`
  }

  create(payload: T['create'], headers?: RequestHeaders): ResponsePromise<T['one']> {
    return this.postRequest(this.path, payload, undefined, headers)
  }

  retrieve(id: string, query?: T['retrieveQuery'], headers?: RequestHeaders): ResponsePromise<T['one']> {
    return this.getRequest(this.itemPath(id), query, headers)
  }

  update(id: string, payload: T['update'], headers?: RequestHeaders): ResponsePromise<T['one']> {
    return this.postRequest(this.itemPath(id), payload, undefined, headers)
  }

  delete(id: string, headers?: RequestHeaders): ResponsePromise<DeleteRes> {
    return this.deleteRequest(this.itemPath(id), undefined, undefined, headers)
  }

  list(query?: T['listQuery'], headers?: RequestHeaders): ResponsePromise<T['list']> {
    return this.getRequest(this.path, query, headers)
  }
}
