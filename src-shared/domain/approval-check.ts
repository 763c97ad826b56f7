import type { Attachment, AttachmentFolder } from '../api/attachment';

/**
 * What an approval would pass over (issue 24): a Deliverables folder short of the files it asks
 * for, and providers' files nobody reviewed. The marketplace approves regardless; the app warns
 * before it does, and says the same thing wherever approval is offered.
 */
export interface FolderShortfall {
  folder: string;
  required: number;
  /** Files in the folder that count: every one not denied. */
  uploaded: number;
  missing: number;
}

export interface ApprovalCheck {
  shortfalls: FolderShortfall[];
  /** Providers' files still waiting for review. */
  unreviewed: number;
  /** The warnings in words, empty when nothing is amiss. */
  warnings: string[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** `folders`: the order's (its `attachments.results`); `files`: every file of the order as the cache holds it. */
export function approvalCheck(folders: readonly AttachmentFolder[], files: readonly Attachment[]): ApprovalCheck {
  const slots = folders.filter((folder) => folder.type === 'slot');
  const inSlot = (file: Attachment) => slots.some((folder) => folder.id === file.folder_id);
  const shortfalls = slots.flatMap((folder) => {
    const required = Math.max(0, folder.min_files ?? 0);
    const uploaded = files.filter((file) => file.folder_id === folder.id && file.status !== 'denied').length;
    return uploaded < required ? [{ folder: folder.name ?? 'Deliverables', required, uploaded, missing: required - uploaded }] : [];
  });
  // A file of our own still waiting for upload (a temporary, negative id) is not a provider's.
  const unreviewed = files.filter((file) => file.id > 0 && inSlot(file) && (file.status ?? 'pending') === 'pending').length;
  const warnings = [
    ...shortfalls.map((shortfall) => `${shortfall.folder}: ${plural(shortfall.missing, 'required file is', 'required files are')} missing (${shortfall.uploaded} of ${shortfall.required})`),
    ...(unreviewed > 0 ? [`${plural(unreviewed, 'file has', 'files have')} not been reviewed`] : []),
  ];
  return { shortfalls, unreviewed, warnings };
}
