/**
 * The API benchmark's baseline: a bare node:http server answering, for each path, the exact
 * status, headers and body the real app answered (captured just before). Run as a child
 * process: `node --import tsx bench/lib/bare-server.ts <fixtures.json> <port>`.
 */
import fs from 'node:fs';
import http from 'node:http';

export interface CapturedResponse {
  path: string;
  /** 'br' when captured with Accept-Encoding asking for compression, else 'identity'. */
  encoding: 'identity' | 'br';
  status: number;
  headers: Array<[string, string]>;
  bodyBase64: string;
}

function serve(fixturesPath: string, port: number): void {
  const fixtures = JSON.parse(fs.readFileSync(fixturesPath, 'utf8')) as CapturedResponse[];
  const answers = new Map(
    fixtures.map((f) => [
      `${f.encoding} ${f.path}`,
      { ...f, body: Buffer.from(f.bodyBase64, 'base64') },
    ]),
  );
  http
    .createServer((request, response) => {
      const encoding = /\bbr\b/.test(request.headers['accept-encoding'] ?? '') ? 'br' : 'identity';
      const answer = answers.get(`${encoding} ${request.url ?? ''}`);
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      response.statusCode = answer.status;
      for (const [name, value] of answer.headers) response.setHeader(name, value);
      response.setHeader('content-length', answer.body.length);
      response.end(answer.body);
    })
    .listen(port, '127.0.0.1', () => console.log(`bare server on ${port}`));
}

const [fixturesPath, port] = process.argv.slice(2);
if (fixturesPath && port) serve(fixturesPath, Number(port));
