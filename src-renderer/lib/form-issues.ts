import type { z } from 'zod';

/**
 * A shared schema's issue in words for the field it sits on. The schema is the only rule (RENDERER
 * rule 8); this only says its verdict the way a form does ("Required", "Enter a number").
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return 'Required';
      if (issue.origin === 'number') return issue.inclusive ? `Must be ${String(issue.minimum)} or more` : `Must be more than ${String(issue.minimum)}`;
      return issue.message;
    case 'invalid_type':
      if (issue.expected === 'number') return 'Enter a number';
      return issue.input === undefined ? 'Required' : issue.message;
    case 'invalid_value':
    case 'invalid_union':
      return issue.input === undefined ? 'Required' : issue.message;
    case 'invalid_format':
      return issue.message;
    default:
      return issue.message;
  }
}
