import type { FastifyInstance } from 'fastify';
import { SelectionRuleListSchema } from '../../../src-shared/api/selection-rule';
import type { MarketplaceContext } from '../context';
import { listSelectionRules, SelectionRuleListQuery } from '../domain/selection-rules';
import { route } from '../http/route';

/** GET company/selection_rules (the SDK's Company.GetSelectionRulesByCompany; the spec does not show it). */
export function registerSelectionRuleRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/company/selection_rules',
    summary: "List the company's selection rules, each with its criteria (ours: paged, at most 100 a page); auto-dispatch takes one as selection_rule_id",
    tag: 'Reference data',
    query: SelectionRuleListQuery,
    response: SelectionRuleListSchema,
    handler: ({ auth, query }) => listSelectionRules(context, auth.companyId, query),
  });
}
