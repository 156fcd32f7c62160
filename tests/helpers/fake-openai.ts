import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback server speaking the OpenAI chat-completions protocol. It records every request and
 * answers from a queue of scripted replies (then with `defaultReply`).
 */
export type RecordedRequest = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: {
    model: string
    messages: { role: string; content: string }[]
    max_tokens?: number
    [key: string]: unknown
  }
  raw: string
}

export type ScriptedReply = {
  status?: number
  content?: string
  totalTokens?: number
  delayMs?: number
  headers?: Record<string, string>
}

export type FakeModel = {
  baseUrl: string
  requests: RecordedRequest[]
  /** Replies for the next requests, in order. */
  script: (...replies: ScriptedReply[]) => void
  defaultReply: ScriptedReply
  reset: () => void
  close: () => Promise<void>
}

export const startFakeModel = async (): Promise<FakeModel> => {
  const requests: RecordedRequest[] = []
  let queue: ScriptedReply[] = []
  const model: Partial<FakeModel> = { defaultReply: { content: 'A reply from the model.' } }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: raw ? JSON.parse(raw) : {},
        raw,
      })
      const reply = queue.shift() ?? model.defaultReply!
      const send = () => {
        if (res.destroyed) return
        const status = reply.status ?? 200
        const body =
          status === 200
            ? {
                id: `chatcmpl-${requests.length}`,
                object: 'chat.completion',
                created: Math.floor(Date.now() / 1000),
                model: 'fake-model',
                choices: [
                  {
                    index: 0,
                    message: { role: 'assistant', content: reply.content ?? '' },
                    finish_reason: 'stop',
                  },
                ],
                usage: {
                  prompt_tokens: Math.max(0, (reply.totalTokens ?? 30) - 10),
                  completion_tokens: Math.min(10, reply.totalTokens ?? 30),
                  total_tokens: reply.totalTokens ?? 30,
                },
              }
            : { error: { message: `scripted ${status}`, type: 'server_error' } }
        res.writeHead(status, { 'content-type': 'application/json', ...reply.headers })
        res.end(JSON.stringify(body))
      }
      if (reply.delayMs) setTimeout(send, reply.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return Object.assign(model, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies: ScriptedReply[]) => {
      queue.push(...replies)
    },
    reset: () => {
      requests.length = 0
      queue = []
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }) as FakeModel
}

/**
 * A fake model the site in this process talks to: its address and a key in the environment (set
 * before the app starts), with no daily token limit unless `env` sets one.
 */
export const startFakeModelForApp = async (env: Record<string, string> = {}) => {
  const model = await startFakeModel()
  Object.assign(process.env, {
    AI_BASE_URL: model.baseUrl,
    AI_API_KEY: 'test-key',
    AI_DAILY_TOKEN_LIMIT: '0',
    ...env,
  })
  return model
}
