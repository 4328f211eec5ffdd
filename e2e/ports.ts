import net from 'node:net';

/**
 * A port for a server the suite starts, free when asked. Taken below Linux's ephemeral range
 * (32768–60999, /proc/sys/net/ipv4/ip_local_port_range), where the kernel never puts the local end
 * of an outgoing connection — a random port inside that range could be held by any client socket
 * of the busy test machine (a CI run failed on `listen EADDRINUSE` that way). Each candidate is
 * bound once on 127.0.0.1 (the server's HOST) to make sure no other listener has it.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; ; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
    if (tries > 50) throw new Error('no free port between 20000 and 32000');
  }
}
