import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut (every connection reset, new ones refused), freeze (connections
 * stay open but no byte goes through: a network partition) and bring back on the same port.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private frozen = false;
  private held: { to: Socket; chunk: Buffer }[] = [];
  private heldCloses: Socket[] = [];
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = this.port): Promise<number> {
    this.frozen = false;
    this.held = [];
    this.heldCloses = [];
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      // While frozen, bytes wait in the proxy as TCP would keep retransmitting them; thaw() delivers them late.
      const pipe = (from: Socket, to: Socket) =>
        from.on('data', (chunk: Buffer) => {
          if (this.frozen) this.held.push({ to, chunk });
          else to.write(chunk);
        });
      pipe(client, upstream);
      pipe(upstream, client);
      // a partition loses the closing of a connection too: the other side learns of it only once the link heals
      const closeLater = (other: Socket) => () => (this.frozen ? this.heldCloses.push(other) : other.destroy());
      client.on('close', closeLater(upstream));
      upstream.on('close', closeLater(client));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** The database goes away: open connections are reset and new ones refused until `start()` again. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.held = [];
    this.heldCloses = [];
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Bytes stop flowing both ways (connections stay open); `cut()` or `thaw()` ends it. */
  freeze(): void {
    this.frozen = true;
  }

  /** The partition heals: what was sent meanwhile arrives now, late, on the same connections. */
  thaw(): void {
    this.frozen = false;
    const held = this.held;
    this.held = [];
    for (const { to, chunk } of held) if (!to.destroyed) to.write(chunk);
    const closes = this.heldCloses;
    this.heldCloses = [];
    for (const socket of closes) socket.destroy();
  }

  get connections(): number {
    return this.sockets.size;
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
