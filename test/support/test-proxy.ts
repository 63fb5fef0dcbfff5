import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect as netConnect, isIP, type AddressInfo, type Socket } from 'node:net';
import { TLSSocket, connect as tlsConnect } from 'node:tls';
import type { Duplex } from 'node:stream';
import { makeServerCertificate, type Made } from '../../sandbox/src/tls.js';

/**
 * A real HTTP proxy on a local port for tests of school networks: CONNECT tunnels for HTTPS and
 * absolute-URI forwarding for HTTP, optionally demanding Basic credentials (or only NTLM/Negotiate,
 * which the app cannot answer), and optionally inspecting TLS like a school's web filter: it ends the
 * client's TLS itself with a certificate it forges for the asked-for host, signed by its own root,
 * and opens its own TLS connection to the server.
 */
export interface TestProxyOptions {
  /** Basic credentials it demands, or the schemes of a proxy that only does Windows sign-in. */
  auth?: { username: string; password: string } | { only: ('NTLM' | 'Negotiate')[] };
  /** The root it forges certificates with; absent: a plain tunnel that never sees inside. */
  inspectWith?: Made;
  /** The authority it trusts for its own connections to servers (the sandbox CA) when inspecting. */
  upstreamCaPem?: string;
}

export interface TestProxy {
  /** `http://127.0.0.1:port` */
  url: string;
  /** `127.0.0.1:port`, as the app's messages name it. */
  host: string;
  /** Every tunnel or request that got through, as `CONNECT host:port` or `GET http://…`. */
  passed: string[];
  /** How many requests it refused with 407. */
  refused: number;
  stop(): Promise<void>;
}

export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const sockets = new Set<Socket | Duplex>();
  const forged = new Map<string, { certPem: string; keyPem: string }>();
  const state = { passed: [] as string[], refused: 0 };

  const challenge = (): string[] => {
    const { auth } = options;
    if (!auth) return [];
    if ('only' in auth) return auth.only;
    return ['Basic realm="School proxy"'];
  };
  const allowed = (request: IncomingMessage): boolean => {
    const { auth } = options;
    if (!auth) return true;
    if ('only' in auth) return false;
    const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
    return request.headers['proxy-authorization'] === expected;
  };
  const refusalHead = (): string =>
    'HTTP/1.1 407 Proxy Authentication Required\r\n' +
    challenge()
      .map((value) => `Proxy-Authenticate: ${value}\r\n`)
      .join('') +
    'Content-Length: 0\r\nConnection: close\r\n\r\n';

  const server = createServer((request, response) => {
    // Plain HTTP through the proxy: the request line holds the whole URL.
    if (!allowed(request)) {
      state.refused += 1;
      response.writeHead(407, { 'Proxy-Authenticate': challenge(), Connection: 'close' }).end();
      return;
    }
    const target = new URL(request.url ?? '');
    state.passed.push(`${request.method} ${target.href}`);
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port || 80,
        path: target.pathname + target.search,
        method: request.method,
        headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!allowed(request)) {
      state.refused += 1;
      client.end(refusalHead());
      return;
    }
    const [host = '', portText = '443'] = (request.url ?? '').split(/:(?=\d+$)/);
    const hostname = host.replace(/^\[|\]$/g, '');
    const upstream = netConnect({ host: hostname, port: Number(portText) });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => {
      client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    });
    upstream.once('connect', () => {
      state.passed.push(`CONNECT ${request.url}`);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (!options.inspectWith) {
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        return;
      }
      // Inspection: the client's TLS ends here, with a certificate forged for the host it asked for.
      let pair = forged.get(hostname);
      if (!pair) {
        pair = makeServerCertificate(options.inspectWith, new Date(), [hostname]);
        forged.set(hostname, pair);
      }
      if (head.length > 0) client.unshift(head);
      const inner = new TLSSocket(client, { isServer: true, key: pair.keyPem, cert: pair.certPem });
      const outer = tlsConnect({
        socket: upstream,
        ...(isIP(hostname) ? {} : { servername: hostname }),
        ...(options.upstreamCaPem ? { ca: options.upstreamCaPem } : { rejectUnauthorized: false }),
      });
      for (const socket of [inner, outer]) {
        sockets.add(socket);
        socket.on('error', () => {
          inner.destroy();
          outer.destroy();
        });
      }
      inner.pipe(outer);
      outer.pipe(inner);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    get passed() {
      return state.passed;
    },
    get refused() {
      return state.refused;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
