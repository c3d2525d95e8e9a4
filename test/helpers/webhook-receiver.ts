// A webhook receiver on loopback for the tests: records what it is sent, and answers with the status `answer` says.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export class Receiver {
  received: { headers: IncomingHttpHeaders; body: string; at: number }[] = [];
  answer: () => number = () => 200;
  private server: Server | undefined;
  url = '';

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        response.statusCode = this.answer();
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/hooks/station`;
  }

  /** The events received, in arrival order. */
  accepted(): { id: string; type: string; resourceId: string }[] {
    return this.received
      .map((entry) => JSON.parse(entry.body).data)
      .map((event: { id: string; attributes: { eventType: string; resource: { id: string } } }) => ({
        id: event.id,
        type: event.attributes.eventType,
        resourceId: event.attributes.resource.id,
      }));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
