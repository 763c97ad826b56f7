import type { Migration } from './index';

/**
 * Tables of the attachments (folders and files). Every work order has the two folders of
 * decisions §6: the orders that exist get them here, and a trigger gives them to every order
 * inserted later, whichever code inserts it (the API, the seed, a test). The names are written out
 * rather than read from `DEFAULT_ATTACHMENT_FOLDERS`: a shipped migration must not change with the
 * code. The bytes live in files named `stored_name`, never in the database.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'attachments',
  up: `
    CREATE TABLE attachment_folders (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('document', 'slot')),
      min_files INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX attachment_folders_work_order ON attachment_folders(work_order_id);

    CREATE TABLE attachments (
      id INTEGER PRIMARY KEY,
      folder_id INTEGER NOT NULL REFERENCES attachment_folders(id) ON DELETE CASCADE,
      stored_name TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      mime TEXT NOT NULL,
      size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
      hash TEXT NOT NULL,
      author_id INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL,
      notes TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
      status_description TEXT NOT NULL DEFAULT '',
      reviewed_at INTEGER,
      reviewer_id INTEGER REFERENCES users(id),
      show_before_assignment INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX attachments_folder ON attachments(folder_id);

    INSERT INTO attachment_folders (work_order_id, name, type, min_files)
      SELECT id, folder.name, folder.type, folder.min_files
      FROM work_orders, (SELECT 1 AS position, 'Documents' AS name, 'document' AS type, 0 AS min_files
                         UNION ALL SELECT 2, 'Deliverables', 'slot', 1) AS folder
      ORDER BY work_orders.id, folder.position;

    CREATE TRIGGER work_orders_attachment_folders AFTER INSERT ON work_orders
    BEGIN
      INSERT INTO attachment_folders (work_order_id, name, type, min_files)
        VALUES (NEW.id, 'Documents', 'document', 0), (NEW.id, 'Deliverables', 'slot', 1);
    END;
  `,
};
