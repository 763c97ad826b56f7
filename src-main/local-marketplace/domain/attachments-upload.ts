import type { Multipart } from '@fastify/multipart';
import { AttachmentUploadFieldsSchema, type AttachmentUploadFields } from '../../../src-shared/api/attachment';
import type { MarketplaceContext } from '../context';
import { invalidInput, MarketplaceError } from '../http/errors';
import { parse } from '../http/route';
import { safeDisplayName, safeMimeType } from './attachments-names';
import { discardStaged, stageStream, type StagedFile } from './attachments-storage';

/** The multipart field that carries the file (spec, Attachments). */
const UPLOAD_FIELD = 'file';
/** Longest text field (`notes`), in bytes. */
const UPLOAD_FIELD_LIMIT = 64 * 1024;

/**
 * The parser's options for one upload. The file may run one byte past the limit so that the
 * staging meter, not the parser, sees it overflow and answers 413 (the parser would only cut it).
 */
export function uploadOptions(maxBytes: number) {
  return { limits: { fileSize: maxBytes + 1, fields: 10, fieldSize: UPLOAD_FIELD_LIMIT, parts: 20, headerPairs: 20 } };
}

export interface ReceivedUpload {
  staged: StagedFile;
  /** Safe to show (`attachments-names.ts`). */
  name: string;
  mime: string;
  fields: AttachmentUploadFields;
}

/** An error of the file system is ours (500); anything else the parts raise is the request's fault. */
function isFileSystemError(error: unknown): boolean {
  const { syscall, path } = (error ?? {}) as NodeJS.ErrnoException;
  return typeof syscall === 'string' && typeof path === 'string';
}

function asRequestError(error: unknown): unknown {
  if (error instanceof MarketplaceError || isFileSystemError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { statusCode?: number }).statusCode === 413) return new MarketplaceError('PAYLOAD_TOO_LARGE', `The multipart body has too much in it: ${message}`);
  return invalidInput(`The multipart body could not be read: ${message}`);
}

/**
 * Reads the parts of a multipart upload: the one file streams to disk (`stageStream`), the text
 * fields are checked against the shared schema. On any failure nothing stays on disk. A file part
 * that is refused is destroyed, which makes the parser stop reading the request.
 */
export async function receiveUpload(context: MarketplaceContext, parts: AsyncIterable<Multipart>, maxBytes: number): Promise<ReceivedUpload> {
  let file: Omit<ReceivedUpload, 'fields'> | undefined;
  const fields = new Map<string, unknown>();
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw invalidInput(`${part.fieldname} is longer than ${UPLOAD_FIELD_LIMIT} bytes`, [part.fieldname]);
        fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || file) {
        part.file.destroy();
        throw invalidInput(file ? 'An upload carries one file' : `The file goes in the field \`${UPLOAD_FIELD}\`, not \`${part.fieldname}\``, [part.fieldname]);
      }
      file = { staged: await stageStream(context, part.file, maxBytes), name: safeDisplayName(part.filename), mime: safeMimeType(part.mimetype) };
    }
    if (!file) throw invalidInput(`The upload has no file in the field \`${UPLOAD_FIELD}\``, [UPLOAD_FIELD]);
    return { ...file, fields: parse(AttachmentUploadFieldsSchema, Object.fromEntries(fields), 'body') };
  } catch (error) {
    if (file) discardStaged(file.staged);
    throw asRequestError(error);
  }
}
