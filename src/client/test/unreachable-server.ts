import { createServer, type Socket } from 'node:net';

/**
 * A network where requests go out and nothing comes back: a TCP listener that accepts and
 * never answers. Every list stays in its loading state until `cutOff()`, which drops the
 * connections and stops listening, so every request fails as it would when the network is down.
 */
export async function startUnreachableServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  window.happyDOM.setURL(`${origin}/`);
  return {
    origin,
    async cutOff() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
