import type { RequestHeaders, ResponsePromise } from '../http/client.js'
import type { Payload } from '../types/local.js'
import { Resource, seg, type DeleteRes, type ListParams, type PageRes } from './resource.js'

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

/** Types of a resource without a server contract yet: `{ [one]: E }` and `{ [many]: E[] }` pages. */
export interface LocalCrud<One extends string, Many extends string, E> {
  create: Payload
  update: Payload
  listQuery: ListParams
  retrieveQuery: ListParams
  one: Record<One, E>
  list: Record<Many, E[]> & PageRes
}
