import type { Migration } from './index';

/** Tables of the attachments (folders and files). */
export const migration0005: Migration = {
  version: 5,
  name: 'attachments',
  up: '',
};
