import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessageFor, errorText, genericStatusMessage, saveErrorText } from './error-messages';

describe('error catalogue', () => {
  it.each([
    [400, 'Invalid request. Please check your input.'],
    [401, 'Invalid credentials. Please check your email and password.'],
    [403, "Access denied. You don't have permission to perform this action."],
    [404, 'Service not found. Please try again later.'],
    [429, 'Too many attempts. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again later.'],
    [418, 'An error occurred. Please try again.'],
    [502, 'An error occurred. Please try again.'],
  ])('status %i → %s', (status, text) => {
    expect(genericStatusMessage(status)).toBe(text);
    expect(errorMessageFor(status)).toBe(text);
  });

  it('prefers a non-blank server message', () => {
    expect(errorMessageFor(400, 'Unit number is already taken')).toBe('Unit number is already taken');
    expect(errorMessageFor(400, '   ')).toBe(GENERIC_ERROR_MESSAGES[400]);
    expect(errorMessageFor(500, 42)).toBe(GENERIC_ERROR_MESSAGES[500]);
  });

  it('gives the text of any thrown value', () => {
    expect(errorText(new ApiError({ status: 0, kind: 'network', message: GENERIC_ERROR_MESSAGES.network }))).toBe(GENERIC_ERROR_MESSAGES.network);
    expect(errorText(new Error('boom'))).toBe(GENERIC_ERROR_MESSAGES.other);
    expect(errorText('nope')).toBe(GENERIC_ERROR_MESSAGES.other);
  });

  it('builds failed-save texts for an entity, server message first', () => {
    const err = (status: number, serverMessage?: string) => new ApiError({ status, message: errorMessageFor(status, serverMessage), serverMessage });
    expect(saveErrorText(err(400), 'Trip')).toBe('Invalid trip data. Please check your input and try again.');
    expect(saveErrorText(err(404), 'trip')).toBe('Trip not found.');
    expect(saveErrorText(err(500), 'Trip')).toBe('Server error. Please try again later.');
    expect(saveErrorText(err(409, 'Trip with this load number already exists.'), 'Trip')).toBe('Trip with this load number already exists.');
    expect(saveErrorText(err(403), 'Trip')).toBe(GENERIC_ERROR_MESSAGES[403]);
    expect(saveErrorText(new ApiError({ status: 0, kind: 'timeout', message: GENERIC_ERROR_MESSAGES.timeout }), 'Trip')).toBe(GENERIC_ERROR_MESSAGES.timeout);
  });
});
