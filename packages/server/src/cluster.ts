import cluster, { type Worker } from 'node:cluster'

/**
 * Several server processes sharing one port (`node:cluster`), so a machine's cores all serve
 * requests: one Node.js process runs JavaScript on one core. Each process is a whole server with its
 * own connections to PostgreSQL; the primary only hands out connections and keeps the processes
 * running. Every part that several processes share works through the database (or Redis), as it
 * does for servers on separate machines.
 */

export interface Processes {
  /** The port the processes listen on (the one chosen for all when `PORT=0`). */
  port: number
  /** The process ids of the servers listening now. */
  pids(): number[]
}

/**
 * Starts `count` server processes, each running this same program (it tells them apart with
 * `cluster.isWorker`), and resolves once all of them listen. A process that fails after it
 * listened is started again. On SIGTERM or SIGINT, or when one of them stops cleanly, each is told
 * to finish its requests and stop, and this one exits once they all have: 0 if each stopped
 * cleanly.
 */
export function startProcesses(count: number, log: (message: string) => void = console.log): Promise<Processes> {
  const listened = new Set<Worker>()
  let started = false
  let stopping = false
  let stoppedCleanly = true

  const stop = () => {
    if (stopping) return
    stopping = true
    const running = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    )
    log(`Stopping ${running.length} server ${running.length === 1 ? 'process' : 'processes'}…`)
    for (const worker of running) worker.process.kill('SIGTERM')
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)

  return new Promise((resolve, reject) => {
    let port: number | undefined
    cluster.on('listening', (worker, address) => {
      listened.add(worker)
      port ??= address.port
      if (!started && listened.size === count) {
        started = true
        resolve({ port, pids: () => [...listened].map((each) => each.process.pid!) })
      }
    })
    cluster.on('exit', (worker, code, signal) => {
      const hadListened = listened.delete(worker)
      const how = signal ? `signal ${signal}` : `code ${code}`
      if (!stopping && code !== 0) {
        if (started && hadListened) {
          log(`Server process ${worker.process.pid} stopped (${how}); starting another.`)
          cluster.fork()
          return
        }
        // One that never listened failed to start (say, a bad setting): another would fail alike.
        log(`Server process ${worker.process.pid} stopped (${how}) before listening; stopping the others.`)
        if (!started) reject(new Error('a server process failed to start'))
      }
      // A process stops cleanly only when told to: Ctrl+C, say, reaches every process of the
      // terminal, maybe before this one hears of it. Either way the others stop too.
      stoppedCleanly &&= code === 0
      stop()
      const others = Object.values(cluster.workers ?? {}).filter((each) => each !== worker)
      if (others.length === 0) process.exit(stoppedCleanly ? 0 : 1)
    })
    for (let i = 0; i < count; i++) cluster.fork()
  })
}
