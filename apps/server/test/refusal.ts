import { AppError } from '../src/platform/http/errors.js';

/** Test helper (not a test): the message key a rule refuses with, or undefined when it allows. */
export function refusal(rule: () => void): string | undefined {
  try {
    rule();
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  return undefined;
}
