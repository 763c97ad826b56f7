import type { MarketplaceContext } from '../context';
import { attachmentStatements, deliverablesFolderId } from '../domain/attachments';
import { uploadDeliverable } from '../domain/provider-uploads';
import type { WorkOrderRecord } from '../domain/work-order-record';
import { preparedStatement } from '../store/database';
import { demoPhoto } from '../seed/photos';

// Photos the assignees of the demo's Work Done orders left for review, so the review queue has
// real images to show from the first start. Each order's Deliverables folder asks for three files,
// so completeness means something: some folders are short, one is full.

const MINUTE = 60_000;

/** Per Work Done order: the photos' names; the first of 10028 is already approved. */
const PHOTOS: readonly { order: number; names: readonly string[]; approvedFirst?: true }[] = [
  { order: 10027, names: ['lane-1-terminal.png', 'lane-2-terminal.png'] },
  { order: 10028, names: ['access-point-before.png', 'access-point-after.png', 'controller-adopted.png'], approvedFirst: true },
  { order: 10029, names: ['print-head-replaced.png'] },
  { order: 10030, names: ['nvr-rack.png', 'camera-entrance.png'] },
];

const REQUIRED_FILES = 3;

/** Every seeded photo's name. */
export const DEMO_PHOTO_NAMES: readonly string[] = PHOTOS.flatMap((entry) => entry.names);

/** Seeds the photos; call it after the work orders, inside the seed's transaction. */
export function seedDemoDeliverables(context: MarketplaceContext, order: (id: number) => WorkOrderRecord | undefined): void {
  const setMinimum = preparedStatement(context, 'UPDATE attachment_folders SET min_files = ? WHERE id = ?');
  const setCreated = preparedStatement(context, 'UPDATE attachments SET created_at = ? WHERE id = ?');
  let photo = 0;
  for (const entry of PHOTOS) {
    const record = order(entry.order);
    const done = record?.data.milestones.workdone;
    if (!record?.assigneeId || done === undefined) continue;
    setMinimum.run(REQUIRED_FILES, deliverablesFolderId(context, record.id));
    entry.names.forEach((name, index) => {
      const attachment = uploadDeliverable(context, { workOrderId: record.id, providerId: record.assigneeId as number }, { name, mime: 'image/png', content: demoPhoto(photo++) });
      // Taken on site, before the work was marked done, a few minutes apart.
      setCreated.run(done - (entry.names.length - index) * 12 * MINUTE, attachment.id);
      if (index === 0 && entry.approvedFirst) {
        attachmentStatements(context).review.run({ id: attachment.id, status: 'approved', status_description: '', reviewed_at: done + 30 * MINUTE, reviewer_id: record.data.fields.manager?.id ?? null });
      }
    });
  }
}
