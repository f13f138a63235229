import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the server saw it. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/** What the server does with the n-th request (0-based): answer, or drop the connection. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop'

export interface ScriptedServer {
  baseUrl: string
  seen: SeenRequest[]
  /** Replies in order; the last one repeats once the list runs out. */
  script(replies: Reply[]): void
  close(): Promise<void>
}

/** A real HTTP server on a free local port that answers from a script and records every request. */
export async function startScriptedServer(): Promise<ScriptedServer> {
  const seen: SeenRequest[] = []
  let replies: Reply[] = [{ status: 200, body: {} }]
  const server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const index = seen.length
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      const reply = replies[Math.min(index, replies.length - 1)]
      if (reply === 'drop') {
        request.socket.destroy()
        return
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
      response.end(JSON.stringify(reply.body ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    script(next) {
      replies = next
      seen.length = 0
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
