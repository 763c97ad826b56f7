import { describe, expect, it } from 'vitest';
import { personName } from '../../../src-shared/domain/person-name';

describe('personName', () => {
  it('joins first and last name, else takes the one name, else answers nothing', () => {
    expect(personName({ first_name: 'Grace', last_name: 'Kim' })).toBe('Grace Kim');
    expect(personName({ first_name: 'Grace', last_name: '  ' })).toBe('Grace');
    expect(personName({ first_name: null, last_name: 'Kim', name: 'G. Kim' })).toBe('Kim');
    expect(personName({ name: 'Front desk' })).toBe('Front desk');
    expect(personName({ first_name: 7, name: '' })).toBeUndefined();
    expect(personName(null)).toBeUndefined();
  });
});
