import { connect, type Socket } from 'node:net';

/** What came back on a hand-written connection, and how long the server took to close it. */
export interface RawExchange {
  /** Everything the server sent, as text. */
  text: string;
  /** Milliseconds from connecting to the socket's close. */
  closedAfterMs: number;
}

/**
 * Opens a socket to 127.0.0.1:`port`, lets `send` write to it (and keep writing, or go silent),
 * and resolves when the server closes the connection; rejects if it is still open after
 * `deadlineMs`. Requests no client library would send: half a header block, half a body.
 */
export function rawExchange(port: number, send: (socket: Socket) => void, deadlineMs = 5000): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => send(socket));
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The server kept the connection open for ${deadlineMs} ms; it sent: ${Buffer.concat(chunks).toString().slice(0, 200)}`));
    }, deadlineMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer is still a close; the text says what arrived before it.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve({ text: Buffer.concat(chunks).toString(), closedAfterMs: performance.now() - started });
    });
  });
}

/** The status code and JSON body of a raw HTTP/1.1 answer. */
export function parseAnswer(text: string): { status: number; headers: string; body: unknown } {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const bodyText = rest.join('\r\n\r\n');
  return { status, headers: head, body: bodyText ? (JSON.parse(bodyText) as unknown) : undefined };
}
