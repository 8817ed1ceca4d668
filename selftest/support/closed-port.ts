/** A port on loopback where nothing listens, for a setting that points at a server that is down. */
import { once } from 'node:events';
import net from 'node:net';

export async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
