import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { looseInt, parseBody } from '../http/body.js';
import { conflict } from '../http/errors.js';

const outageBody = z.object({
  Seconds: looseInt.refine((v) => v >= 1 && v <= 3600, 'Seconds must be between 1 and 3600.'),
});

/**
 * `POST /sandbox/outage { Seconds }`: the network goes away. Right after answering, the sandbox stops
 * listening and cuts every open connection, so a client sees what a dead Wi-Fi or an unplugged cable
 * gives it (connections refused or reset, requests in flight broken); after `Seconds` it listens again
 * on the same address and port, with everything it stored still there. Nothing answers meanwhile, not
 * even the controls: that is the point.
 */
export function registerOutage(app: FastifyInstance): void {
  let until: number | undefined;

  app.post('/sandbox/outage', async (req, reply) => {
    const { Seconds } = parseBody(req, outageBody);
    if (until !== undefined) throw conflict('An outage is already under way.');
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address === 'string') throw conflict('The sandbox is not listening on a TCP port.');
    until = Date.now() + Seconds * 1000;
    reply.raw.once('finish', () => {
      // After the answer has left: stop accepting, then break what is open (uploads in flight too).
      app.server.close();
      app.server.closeAllConnections();
      setTimeout(() => {
        app.server.listen({ host: address.address, port: address.port }, () => {
          until = undefined;
          app.log.info(`outage over: listening again on ${address.address}:${address.port}`);
        });
      }, Seconds * 1000).unref();
    });
    return reply.code(202).send({ Until: new Date(until).toISOString() });
  });
}
