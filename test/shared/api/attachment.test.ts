import { describe, expect, it } from 'vitest';
import {
  AttachmentFolderListSchema,
  AttachmentReviewBodySchema,
  AttachmentUploadAnswerSchema,
  DEFAULT_ATTACHMENT_FOLDERS,
} from '../../../src-shared/api/attachment';

describe('attachment answers', () => {
  it('reads folders with their files, keeping unknown keys', () => {
    const list = AttachmentFolderListSchema.parse({
      metadata: { total: 2, page: 1, pages: 1, per_page: 2 },
      results: [
        {
          id: 2,
          name: 'Deliverables',
          type: 'slot',
          min_files: 1,
          actions: ['upload'],
          results: [
            {
              id: 40,
              folder_id: 2,
              file: { name: 'photo.jpg', mime: 'image/jpeg', size_bytes: 2048, hash: 'ab'.repeat(32), link: '/files/40' },
              author: { id: 7, first_name: 'Sam' },
              created: { utc: '2025-04-01 15:00:00' },
              notes: '',
              status: 'pending',
              status_description: null,
              reviewed: null,
              reviewer: null,
              show_before_assignment: false,
              task: { id: 3 },
            },
          ],
        },
      ],
      actions: ['add_slot', 'download'],
    });
    expect(list.results[0]?.results?.[0]).toMatchObject({ status: 'pending', task: { id: 3 } });
  });

  it('reads an upload answer', () => {
    expect(
      AttachmentUploadAnswerSchema.safeParse({
        id: 41,
        attachments: { correlation_id: 'c', actions: ['add_slot', 'download'], sum: { unreviewed: 1 }, metadata: { total: 1, per_page: 1, pages: 1, page: 1 } },
      }).success,
    ).toBe(true);
  });

  it('names the two default folders', () => {
    expect(DEFAULT_ATTACHMENT_FOLDERS.map((folder) => folder.type)).toEqual(['document', 'slot']);
  });
});

describe('AttachmentReviewBodySchema', () => {
  it('approves without a reason', () => {
    expect(AttachmentReviewBodySchema.safeParse({ attachment_id: 40, status: 'approved' }).success).toBe(true);
  });

  it('denies only with a reason', () => {
    const result = AttachmentReviewBodySchema.safeParse({ attachment_id: 40, status: 'denied' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['status_description']);
    expect(AttachmentReviewBodySchema.safeParse({ status: 'denied', status_description: ' ' }).success).toBe(false);
    expect(AttachmentReviewBodySchema.safeParse({ status: 'denied', status_description: 'Blurry' }).success).toBe(true);
  });

  it('rejects other statuses and unknown keys', () => {
    expect(AttachmentReviewBodySchema.safeParse({ status: 'pending' }).success).toBe(false);
    expect(AttachmentReviewBodySchema.safeParse({ status: 'approved', notes: 'x' }).success).toBe(false);
  });
});
