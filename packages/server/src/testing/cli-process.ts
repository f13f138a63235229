import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const serverRoot = fileURLToPath(new URL('../..', import.meta.url))

/** `emporium start` from the sources in a child process, with everything it prints. */
export interface CliProcess {
  child: ChildProcessWithoutNullStreams
  /** Its standard output and error so far, interleaved as they came. */
  output(): string
}

/**
 * Runs `emporium start` (or the command `args` names) with tsx as a loader inside one node process, so signals reach the server
 * itself, on a free port and with info logs; `env` adds to the test's environment.
 */
export function startCli(env: Record<string, string>, args: string[] = ['start']): CliProcess {
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
  })
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

/** Waits until `read()` matches `pattern`; fails with what it read after `timeoutMs`. */
export async function waitFor(read: () => string, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const started = Date.now()
  for (;;) {
    const match = read().match(pattern)
    if (match) return match
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${pattern}; output:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Answers the exit code once the process has exited. */
export function exitOf(cli: CliProcess): Promise<number | null> {
  if (cli.child.exitCode !== null) return Promise.resolve(cli.child.exitCode)
  return new Promise((resolve) => cli.child.on('exit', resolve))
}
