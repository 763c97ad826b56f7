import { readXlsx } from './import-xlsx';
import { serveReader } from './import-reader';

// The worker that reads an xlsx workbook for the import (started by import-files.ts).
serveReader(readXlsx);
