import type { z } from 'zod';

/**
 * A message a developer can act on, naming each bad field. zod's messages describe the expected
 * shape, not the received value, so no secret a caller sent is echoed back.
 */
export function describeIssues(channel: string, error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : 'input';
    return `${path}: ${issue.message}`;
  });
  return `Invalid input for ${channel}: ${issues.join('; ')}.`;
}
