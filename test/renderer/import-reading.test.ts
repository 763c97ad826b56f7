import { describe, expect, it, vi } from 'vitest';
import { readImportFile, type ReaderWorker } from '../../src-renderer/lib/import/import-files';
import { CELLS_PER_MESSAGE, ReaderAnswerSchema, type ReaderAnswer } from '../../src-renderer/lib/import/import-messages';
import { ImportRefusal, serveReader } from '../../src-renderer/lib/import/import-reader';
import type { ImportTable } from '../../src-renderer/lib/import/import-table';

// The page's side of the import's worker: whatever the worker does (answers, crashes, says
// something malformed, is cancelled), the reading ends in a table or a sentence, and the worker goes.

class FakeWorker implements ReaderWorker {
  listeners: Record<string, ((event: Event) => void)[]> = {};
  posted: unknown[] = [];
  terminated = false;
  addEventListener(type: string, listener: (event: never) => void): void {
    (this.listeners[type] ??= []).push(listener as (event: Event) => void);
  }
  postMessage(request: unknown): void {
    this.posted.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(answer: ReaderAnswer | Record<string, unknown>): void {
    for (const listener of this.listeners.message ?? []) listener(new MessageEvent('message', { data: answer }));
  }
  fail(type: 'error' | 'messageerror'): Event {
    const event = new Event(type, { cancelable: true });
    for (const listener of this.listeners[type] ?? []) listener(event);
    return event;
  }
}

const csv = (name = 'jobs.csv', text = 'Title\nFix\n') => new File([text], name, { type: 'text/csv' });
const STOPPED = '“jobs.csv” could not be read: the reader stopped before it finished. Try again, or save the file again from its spreadsheet app.';

describe('reading a file in the import’s worker', () => {
  it('hands the worker the file, and puts the table together from its messages', async () => {
    const worker = new FakeWorker();
    const file = csv();
    const reading = readImportFile(file, () => worker);
    expect(worker.posted).toEqual([{ file }]);
    worker.say({ type: 'rows', rows: [['Fix'], ['Paint']] });
    worker.say({ type: 'rows', rows: [['Sweep']] });
    worker.say({ type: 'done', headings: ['Title'], rowCount: 3 });
    expect(await reading.outcome).toEqual({ table: { fileName: 'jobs.csv', headings: ['Title'], rows: [['Fix'], ['Paint'], ['Sweep']] } });
    expect(worker.terminated).toBe(true);
  });

  it('passes on the worker’s refusal', async () => {
    const worker = new FakeWorker();
    const reading = readImportFile(csv(), () => worker);
    worker.say({ type: 'refused', message: '“jobs.csv” has more than 50,000 rows.' });
    expect(await reading.outcome).toEqual({ refusal: '“jobs.csv” has more than 50,000 rows.' });
    expect(worker.terminated).toBe(true);
  });

  it('turns a crash, a message it cannot read, a malformed or short answer into one sentence', async () => {
    for (const go of [
      (worker: FakeWorker) => expect(worker.fail('error').defaultPrevented).toBe(true),
      (worker: FakeWorker) => worker.fail('messageerror'),
      (worker: FakeWorker) => worker.say({ type: 'table', rows: 'all of them' }),
      (worker: FakeWorker) => worker.say({ type: 'rows', rows: [['x'.repeat(40_000)]] }),
      (worker: FakeWorker) => worker.say({ type: 'done', headings: ['Title'], rowCount: 2 }),
    ]) {
      const worker = new FakeWorker();
      const reading = readImportFile(csv(), () => worker);
      go(worker);
      expect(await reading.outcome).toEqual({ refusal: STOPPED });
      expect(worker.terminated).toBe(true);
    }
    expect(await readImportFile(csv(), () => { throw new Error('no workers here'); }).outcome).toEqual({ refusal: STOPPED });
  });

  it('ends the worker at once on Cancel, and nothing it says afterwards counts', async () => {
    const worker = new FakeWorker();
    const reading = readImportFile(csv(), () => worker);
    reading.cancel();
    worker.say({ type: 'refused', message: 'too late' });
    expect(await reading.outcome).toEqual({ cancelled: true });
    expect(worker.terminated).toBe(true);
  });

  it('refuses a file over 20 MiB, or not a CSV or xlsx, without starting a worker', async () => {
    const started: FakeWorker[] = [];
    const start = () => started[started.push(new FakeWorker()) - 1] as FakeWorker;
    const big = new File([new Uint8Array(21 * 1024 * 1024)], 'big.xlsx');
    expect(await readImportFile(big, start).outcome).toEqual({ refusal: '“big.xlsx” is 21 MiB: a file to import can be at most 20 MiB. Split it into smaller files.' });
    expect(await readImportFile(csv('notes.txt'), start).outcome).toEqual({ refusal: '“notes.txt” is not a CSV or xlsx file: only those can be imported.' });
    expect(started).toEqual([]);
  });
});

describe('the worker’s side', () => {
  /** A worker's scope: the page's request goes in, the answers come out. */
  async function serve(read: (file: File) => Promise<ImportTable>, request: unknown): Promise<ReaderAnswer[]> {
    const answers: ReaderAnswer[] = [];
    let listener: ((event: MessageEvent<unknown>) => void) | undefined;
    serveReader(read, { addEventListener: (_type, heard) => (listener = heard), postMessage: (answer) => answers.push(answer) });
    listener?.(new MessageEvent('message', { data: request }));
    await vi.waitFor(() => expect(answers.at(-1)?.type).toMatch(/done|refused/));
    return answers;
  }

  it('sends the table a few thousand cells a message, each one the page takes', async () => {
    const rows = Array.from({ length: 9_000 }, (_, index) => [`Job ${index}`, 'Printer', '150']);
    const answers = await serve(async (file) => ({ fileName: file.name, headings: ['Title', 'Type', 'Pay'], rows }), { file: csv() });
    const sent = answers.flatMap((answer) => (answer.type === 'rows' ? [answer.rows.length * 3] : []));
    expect(sent.every((cells) => cells <= CELLS_PER_MESSAGE + 3)).toBe(true);
    expect(sent.reduce((total, cells) => total + cells, 0)).toBe(27_000);
    expect(answers.at(-1)).toEqual({ type: 'done', headings: ['Title', 'Type', 'Pay'], rowCount: 9_000 });
    expect(answers.every((answer) => ReaderAnswerSchema.safeParse(answer).success)).toBe(true);
  });

  it('says a refusal as it is, and anything else the parser throws as a sentence on the file', async () => {
    expect(await serve(() => Promise.reject(new ImportRefusal('“jobs.csv” is too much.')), { file: csv() })).toEqual([{ type: 'refused', message: '“jobs.csv” is too much.' }]);
    expect(await serve(() => Promise.reject('Unsupported ZIP encryption'), { file: csv('locked.xlsx') })).toEqual([{ type: 'refused', message: '“locked.xlsx” could not be read: Unsupported ZIP encryption.' }]);
    expect(await serve(() => Promise.reject(new Error('never')), { path: '/etc/passwd' })).toEqual([{ type: 'refused', message: 'The import’s reader was handed something that is not a file.' }]);
  });
});
