import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from '../../../src-shared/api/index';

const schemas: [string, z.ZodType][] = Object.entries(api as Record<string, unknown>).flatMap(([name, value]) =>
  value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : [],
);

describe('src-shared/api index', () => {
  it('re-exports the schemas and constants of every file', () => {
    expect(schemas.length).toBeGreaterThan(100);
    expect(api.WorkOrderSchema).toBeDefined();
    expect(api.WORK_ORDER_STATUSES).toHaveLength(8);
    expect(api.WEBHOOK_EVENTS).toContain('workorder.created');
  });

  // The local marketplace publishes an OpenAPI 3.1 document (decisions §9) built from these schemas.
  it.each(schemas)('%s converts to JSON Schema both ways', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});
