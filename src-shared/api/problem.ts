import { z } from 'zod';
import { ActionsSchema, ListMetadataSchema, NamedReferenceSchema, TimestampSchema, UserSummarySchema } from './common';

/** A kind of problem a buyer can report; types nest through `children`. */
export const ProblemTypeSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  performance_event: z.boolean().nullish(),
  show_pqap_warning: z.boolean().nullish(),
  reportable: z.boolean().nullish(),
  message: z.string().nullish(),
  get children() {
    return z.array(ProblemTypeSchema).nullish();
  },
  has_other: z.boolean().nullish(),
});
export type ProblemType = z.infer<typeof ProblemTypeSchema>;

/** A reported problem; the spec does not show one, so only what decisions §6 implies. */
export const ProblemSchema = z.looseObject({
  id: z.number().int(),
  type: NamedReferenceSchema.nullish(),
  comments: z.string().nullish(),
  author: UserSummarySchema.nullish(),
  created: TimestampSchema.nullish(),
  resolution: z.looseObject({ status: z.string().nullish() }).nullish(),
  actions: ActionsSchema.nullish(),
});
export type Problem = z.infer<typeof ProblemSchema>;

/** Answer of GET workorders/{id}/problems: the reported problems and the reportable `types`. */
export const ProblemsAnswerSchema = z.looseObject({
  metadata: ListMetadataSchema.partial().nullish(),
  results: z.array(ProblemSchema).nullish(),
  types: z.array(ProblemTypeSchema).nullish(),
  correlation_id: z.string().nullish(),
  actions: ActionsSchema.nullish(),
});
export type ProblemsAnswer = z.infer<typeof ProblemsAnswerSchema>;

/** Query of POST workorders/{id}/problems/{problem_id}; here `async` is a string. */
export const ProblemReportQuerySchema = z.object({
  acting_user_id: z.string().trim().min(1),
  async: z.string().optional(),
});
export type ProblemReportQuery = z.infer<typeof ProblemReportQuerySchema>;

export const ProblemReportBodySchema = z.strictObject({ comments: z.string().optional() });
export type ProblemReportBody = z.infer<typeof ProblemReportBodySchema>;
