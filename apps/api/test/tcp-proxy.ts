import { once } from 'node:events';
import net from 'node:net';

export type TcpProxy = {
  /** `http://127.0.0.1:<port>`, the proxy's own address. */
  endpoint: string;
  /**
   * `pass` forwards both ways; `slow` holds what a new connection sends for `delayMs` before it
   * forwards it (a store that answers late), and forwards nothing of a connection closed before.
   * A change of mode ends the connections open, so that every request after it meets the mode.
   */
  setMode(mode: 'pass' | 'slow', delayMs?: number): void;
  close(): Promise<void>;
};

/** A TCP proxy on a free loopback port to `targetPort` on loopback, whose connections can be slowed. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let mode: 'pass' | 'slow' = 'pass';
  let delayMs = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const held: Buffer[] = [];
    const hold = (chunk: Buffer) => held.push(chunk);
    client.on('data', hold);
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(targetPort, '127.0.0.1');
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.off('data', hold);
      for (const chunk of held) upstream.write(chunk);
      client.pipe(upstream);
      upstream.pipe(client);
    };
    if (mode === 'slow') setTimeout(connect, delayMs).unref();
    else connect();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    setMode(next, delay = 0) {
      mode = next;
      delayMs = delay;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
