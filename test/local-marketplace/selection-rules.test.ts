import { describe, expect, it } from 'vitest';
import { SELECTION_RULE_CRITERION_NAMES, SelectionRuleListSchema } from '../../src-shared/api/selection-rule';
import { JUDGED_CRITERIA } from '../../src-main/local-marketplace/domain/selection-rule-matching';
import { insertSelectionRule } from '../../src-main/local-marketplace/domain/selection-rules';
import { REFERENCE_FIELDS, REFERENCE_SELECTION_CRITERIA, REFERENCE_SELECTION_OPERATIONS } from './reference-models';
import { testMarketplace } from './support';

// GET company/selection_rules (the SDK's SelectionRule): the company's rules with their criteria,
// paged like the other lists; each field and value one the models know.

describe('GET company/selection_rules', () => {
  it("answers the demo company's four rules, each with its criteria in the model's shape", async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/selection_rules');
    expect(answer.status).toBe(200);
    const list = SelectionRuleListSchema.parse(answer.body);
    expect(list.metadata).toMatchObject({ total: 4, page: 1, pages: 1, per_page: 25 });
    expect(list.results.map((rule) => [rule.id, rule.name])).toEqual([
      [1101, 'Nearest qualified provider'],
      [1102, 'Best rated within 250 miles'],
      [1103, 'Talent pools first, then the nearest'],
      [1104, 'Screened for secure sites'],
    ]);
    expect(list.results[0]).toEqual({
      id: 1101,
      name: 'Nearest qualified provider',
      metadata: { total: 2, page: 1, pages: 1, per_page: 2, columns: 'id,name,description,operation,value,required,weight,order' },
      results: [
        { id: 110101, name: 'SC_SERVICE_CATEGORY_OF_WORKORDER', description: 'Does the type of work of the order', operation: 'equal_to', value: '', required: true, weight: 0, order: 1, service: '', extra: '' },
        { id: 110102, name: 'SC_DISTANCE_FROM_WORK_ORDER', description: 'Based within 100 miles of the site', operation: 'less_than', value: '100', required: true, weight: 10, order: 2, service: '', extra: '' },
      ],
      actions: [],
    });
  });

  it('uses only fields and values of the SDK models, and criteria the marketplace judges', async () => {
    const { rest } = await testMarketplace();
    const { results } = (await rest('GET', 'company/selection_rules')).body;
    expect([...SELECTION_RULE_CRITERION_NAMES]).toEqual([...REFERENCE_SELECTION_CRITERIA]);
    for (const rule of results) {
      // A rule in a list grades nobody: no status, no sum.
      expect(Object.keys(rule).sort()).toEqual(REFERENCE_FIELDS.SelectionRule.filter((field) => field !== 'status' && field !== 'sum'));
      for (const criterion of rule.results) {
        expect(REFERENCE_FIELDS.SelectionRuleCriteria).toEqual(expect.arrayContaining(Object.keys(criterion)));
        expect(JUDGED_CRITERIA).toContain(criterion.name);
        expect(REFERENCE_SELECTION_OPERATIONS).toContain(criterion.operation);
        expect(typeof criterion.value).toBe('string');
      }
    }
  });

  it('pages like the other lists, at most 100 a page', async () => {
    const { rest } = await testMarketplace();
    const second = (await rest('GET', 'company/selection_rules?per_page=3&page=2')).body;
    expect(second.metadata).toMatchObject({ total: 4, page: 2, pages: 2, per_page: 3 });
    expect(second.results.map((rule: { id: number }) => rule.id)).toEqual([1104]);
    expect((await rest('GET', 'company/selection_rules?page=9')).body).toMatchObject({ metadata: { total: 4, page: 9 }, results: [] });
    for (const query of ['per_page=101', 'per_page=0', 'page=0', 'page=two']) {
      const answer = await rest('GET', `company/selection_rules?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, fields: query.split('=')[0] });
    }
  });

  it("answers only the caller's company's rules", async () => {
    const { rest, marketplace } = await testMarketplace();
    const { db } = marketplace.context;
    db.prepare("INSERT INTO companies (id, name) VALUES (1002, 'Other Buyer Inc')").run();
    insertSelectionRule(db, 1002, 'Theirs', []);
    db.prepare('UPDATE selection_rules SET company_id = 1002 WHERE id IN (1101, 1102)').run();
    const answer = (await rest('GET', 'company/selection_rules')).body;
    expect(answer.metadata.total).toBe(2);
    expect(answer.results.map((rule: { id: number }) => rule.id)).toEqual([1103, 1104]);
  });

  it('asks for an access token', async () => {
    const { marketplace } = await testMarketplace();
    const answer = await marketplace.app.inject({ method: 'GET', url: '/api/rest/v2/company/selection_rules' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 401, message: 'Request could not be authenticated' });
  });
});
