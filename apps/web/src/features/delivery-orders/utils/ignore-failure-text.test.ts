import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { ignoreFailureText } from './ignore-failure-text.ts';

describe('ignoreFailureText', () => {
  it("shows the server's error", () => {
    expect(ignoreFailureText(new ApiError(404, 'Shipment not found.'))).toBe('Shipment not found.');
  });

  it('says Unable to update when the answer has no message', () => {
    expect(ignoreFailureText(new ApiError(502, 'Something went wrong. Please, try again in a few minutes!'))).toBe(
      'Unable to update shipment ignore status, please try again later.',
    );
  });

  it('says Something went wrong when no answer came', () => {
    expect(ignoreFailureText(new ApiError(0, 'Something went wrong. Please, try again in a few minutes!'))).toBe(
      'Something went wrong, please try again later.',
    );
    expect(ignoreFailureText(new TypeError('Failed to fetch'))).toBe('Something went wrong, please try again later.');
  });
});
