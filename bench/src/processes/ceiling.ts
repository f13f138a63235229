/**
 * The ceiling: a bare Node `http` server answering every request with a fixed JSON body of the
 * size the real product list returns. What it serves per second on this machine, beside the
 * load generator, is the most any server could; scenarios are read as a ratio of it.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const file = process.env.BENCH_CEILING_BODY_FILE
if (!file) throw new Error('BENCH_CEILING_BODY_FILE is not set')
const body = readFileSync(file)

const server = createServer((request, response) => {
  // Drain any request body so keep-alive connections stay usable.
  request.resume()
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }))

const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
// The runner went away (crash, Ctrl+C): never outlive it.
process.on('disconnect', stop)
