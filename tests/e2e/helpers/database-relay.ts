import net from 'node:net'

/**
 * A TCP relay between a server and PostgreSQL: cutting it is the database going away for that
 * server alone (its connections dropped, new ones refused), without touching the shared database;
 * resuming lets it connect again.
 */
export const databaseRelay = async (databaseUrl: string) => {
  const target = new URL(databaseUrl)
  const sockets = new Set<net.Socket>()
  let open = true
  const relay = net.createServer((client) => {
    if (!open) return void client.destroy()
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((relay.address() as net.AddressInfo).port)
  const cut = () => {
    open = false
    for (const socket of sockets) socket.destroy()
  }
  return {
    url: url.toString(),
    cut,
    resume: () => void (open = true),
    close: () =>
      new Promise<void>((resolve) => {
        cut()
        relay.close(() => resolve())
      }),
  }
}
