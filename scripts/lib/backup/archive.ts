/**
 * The backup file's container: a POSIX tar (pax headers for long names and large sizes), gzipped,
 * written by Node alone so that backups work wherever the site runs. Each entry's sha256 is taken
 * as it is written; the manifest, the last entry, lists them, and a restore checks every entry
 * against it before it writes anything (decision 0230).
 */
import { createHash, type Hash } from 'node:crypto'
import type { Readable } from 'node:stream'

const BLOCK = 512
const USTAR_MAX_SIZE = 0o77777777777

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0'

const paxRecord = (key: string, value: string) => {
  const body = ` ${key}=${value}\n`
  let length = Buffer.byteLength(body) + 1
  while (String(length).length + Buffer.byteLength(body) !== length) length++
  return `${length}${body}`
}

const header = (name: string, size: number, type: '0' | '5' | 'x', mode: number, mtime: number) => {
  const block = Buffer.alloc(BLOCK)
  block.write(name.slice(0, 100), 0, 100, 'utf8')
  block.write(octal(mode, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(Math.min(size, USTAR_MAX_SIZE), 12), 124, 'ascii')
  block.write(octal(mtime, 12), 136, 'ascii')
  block.fill(' ', 148, 156)
  block.write(type, 156, 'ascii')
  block.write('ustar\0' + '00', 257, 'ascii')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(octal(sum, 7) + ' ', 148, 'ascii')
  return block
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

/** The headers of one entry: a pax header first when the name or the size does not fit ustar. */
export const entryHeader = (
  name: string,
  size: number,
  type: 'file' | 'directory' = 'file',
  mode = type === 'file' ? 0o600 : 0o700,
  mtime = Math.floor(Date.now() / 1000),
): Buffer => {
  const records = [
    ...(Buffer.byteLength(name) > 100 ? [paxRecord('path', name)] : []),
    ...(size > USTAR_MAX_SIZE ? [paxRecord('size', String(size))] : []),
  ].join('')
  const own = header(name, size, type === 'file' ? '0' : '5', mode, mtime)
  if (!records) return own
  const body = Buffer.from(records)
  return Buffer.concat([
    header('PaxHeader', body.length, 'x', 0o644, mtime),
    body,
    padding(body.length),
    own,
  ])
}

export const entryPadding = padding

/** The end of the archive: two zero blocks. */
export const archiveEnd = () => Buffer.alloc(BLOCK * 2)

export type ArchiveEntry = {
  name: string
  type: 'file' | 'directory'
  size: number
  mode: number
  /** The entry's bytes in chunks; must be read to the end (or skipped) before the next entry. */
  chunks: () => AsyncGenerator<Buffer>
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = []
  private length = 0
  private done = false
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number) {
    while (this.length < wanted && !this.done) {
      const next = await this.source.next()
      if (next.done) this.done = true
      else {
        this.buffered.push(next.value)
        this.length += next.value.length
      }
    }
  }

  /** Up to `max` bytes (at least one unless the stream ended). */
  async some(max: number): Promise<Buffer> {
    await this.fill(1)
    if (this.length === 0) return Buffer.alloc(0)
    while (this.buffered[0].length === 0) this.buffered.shift()
    const first = this.buffered[0]
    if (first.length <= max) {
      this.buffered.shift()
      this.length -= first.length
      return first
    }
    this.buffered[0] = first.subarray(max)
    this.length -= max
    return first.subarray(0, max)
  }

  async exactly(size: number): Promise<Buffer> {
    await this.fill(size)
    if (this.length < size) throw new TruncatedArchiveError()
    const all = Buffer.concat(this.buffered)
    this.buffered = [all.subarray(size)]
    this.length = all.length - size
    return all.subarray(0, size)
  }
}

export class TruncatedArchiveError extends Error {
  constructor() {
    super('The backup file ends before its last entry: it is incomplete or damaged.')
    this.name = 'TruncatedArchiveError'
  }
}

const field = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '')

const parseOctal = (block: Buffer, start: number, length: number) =>
  parseInt(field(block, start, length).trim() || '0', 8)

const checksumOk = (block: Buffer) => {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]
  return sum === parseOctal(block, 148, 8)
}

const parsePax = (body: Buffer) => {
  const values: Record<string, string> = {}
  let at = 0
  while (at < body.length) {
    const space = body.indexOf(0x20, at)
    const length = Number(body.subarray(at, space).toString())
    if (!length) break
    const record = body.subarray(space + 1, at + length - 1).toString('utf8')
    const equals = record.indexOf('=')
    values[record.slice(0, equals)] = record.slice(equals + 1)
    at += length
  }
  return values
}

/** The entries of a tar stream, in order. Throws on a damaged header or a truncated archive. */
export async function* readArchive(stream: Readable): AsyncGenerator<ArchiveEntry> {
  const reader = new ByteReader(stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>)
  let pax: Record<string, string> = {}
  for (;;) {
    const block = await reader.exactly(BLOCK)
    if (block.every((byte) => byte === 0)) return
    if (!checksumOk(block)) throw new Error('The backup file has a damaged entry header.')
    const type = String.fromCharCode(block[156] || 48)
    const size = pax.size ? Number(pax.size) : parseOctal(block, 124, 12)
    if (type === 'x') {
      pax = parsePax(await reader.exactly(size))
      await reader.exactly(padding(size).length)
      continue
    }
    const name = pax.path ?? field(block, 0, 100)
    pax = {}
    let remaining = size
    const chunks = async function* () {
      while (remaining > 0) {
        const chunk = await reader.some(remaining)
        if (chunk.length === 0) throw new TruncatedArchiveError()
        remaining -= chunk.length
        yield chunk
      }
    }
    yield {
      name,
      type: type === '5' ? 'directory' : 'file',
      size,
      mode: parseOctal(block, 100, 8),
      chunks,
    }
    for await (const _ of chunks()) void _
    await reader.exactly(padding(size).length)
  }
}

export const sha256 = (): Hash => createHash('sha256')
