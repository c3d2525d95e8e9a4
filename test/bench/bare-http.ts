// The baseline: a bare node:http server that answers every request with the station's /v3/test document, byte for
// byte, with the same media type. Every HTTP figure of the benchmark is also given as a ratio to this one.
import { createServer } from 'node:http';

const body = Buffer.from('{"jsonapi":{"version":"1.0"},"data":{"type":"test","id":null,"meta":{"method":"GET"}}}');
const server = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/vnd.api+json', 'Content-Length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
