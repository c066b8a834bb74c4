import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of the app under test, as production has one: it passes every request
 * on with `X-Forwarded-For: visitor`, which the server trusts from loopback (TRUST_PROXY in
 * e2e/playwright.config.ts). Chromium sends a page's beacons after the page is gone, without the
 * headers Playwright adds and past its routes, so a spec whose visits must come from an address
 * of their own (the Web Vitals bounds count per address) reaches the app through this.
 */
export async function startForwardingProxy(
  target: string,
  visitor: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  const server = http.createServer((incoming, outgoing) => {
    const forwarded = http.request(
      {
        hostname,
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': visitor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
