import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES } from '../../src-shared/errors';

describe('AppError', () => {
  it('takes its message from the registry unless given one', () => {
    expect(new AppError('API_RATE_LIMITED').toBody()).toEqual({ code: 'API_RATE_LIMITED', message: ERROR_CODES.API_RATE_LIMITED });
    expect(new AppError('INTERNAL', 'The cache file is locked.').toBody()).toEqual({ code: 'INTERNAL', message: 'The cache file is locked.' });
  });

  it('comes back from its body as an AppError with the same code and message', () => {
    const error = AppError.fromBody({ code: 'WORK_ORDER_NOT_FOUND', message: 'Gone.' });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'AppError', code: 'WORK_ORDER_NOT_FOUND', message: 'Gone.' });
  });

  it('has a message for a person behind every code', () => {
    for (const [code, message] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(message.trim().length).toBeGreaterThan(0);
    }
  });
});
