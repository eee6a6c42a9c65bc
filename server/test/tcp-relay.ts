import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP relay to a real server (PostgreSQL), which a test cuts and restores: cutting drops
 * every connection through it and refuses new ones, as a database that stops does; restoring listens
 * again on the same port.
 */
export class TcpRelay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
        from.pipe(to);
      }
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
