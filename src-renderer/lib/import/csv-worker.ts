import { readCsv } from './import-csv';
import { serveReader } from './import-reader';

// The worker that reads a CSV for the import (started by import-files.ts).
serveReader(readCsv);
