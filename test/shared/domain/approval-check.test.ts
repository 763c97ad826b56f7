import { describe, expect, it } from 'vitest';
import type { Attachment, AttachmentFolder } from '../../../src-shared/api/attachment';
import { approvalCheck } from '../../../src-shared/domain/approval-check';

const folders: AttachmentFolder[] = [
  { id: 1, name: 'Documents', type: 'document', min_files: 0 },
  { id: 2, name: 'Photos', type: 'slot', min_files: 3 },
];
const file = (id: number, folder: number, status: Attachment['status']): Attachment => ({ id, folder_id: folder, status });

describe('what an approval would pass over', () => {
  it('counts missing required files (a denied file does not count) and files nobody reviewed', () => {
    const check = approvalCheck(folders, [file(10, 2, 'approved'), file(11, 2, 'pending'), file(12, 2, 'denied'), file(13, 1, 'pending')]);
    expect(check.shortfalls).toEqual([{ folder: 'Photos', required: 3, uploaded: 2, missing: 1 }]);
    expect(check.unreviewed).toBe(1);
    expect(check.warnings).toEqual(['Photos: 1 required file is missing (2 of 3)', '1 file has not been reviewed']);
  });

  it('has nothing to say when every required file is there and reviewed', () => {
    const check = approvalCheck(folders, [file(10, 2, 'approved'), file(11, 2, 'approved'), file(12, 2, 'approved'), file(-3, 2, 'pending')]);
    expect(check.warnings).toEqual([]);
  });
});
