import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { rejectionText, uploadFailureText } from './upload-rejections.ts';

describe('rejectionText', () => {
  it('names the file types for a file of another type', () => {
    expect(rejectionText('setup.exe', [{ code: 'file-invalid-type', message: 'x' }])).toBe(
      "Couldn't upload setup.exe - File type should be pdf, excel or png.",
    );
  });

  it.each([
    ['file-too-large', 'File is larger than 20 MB.'],
    ['file-too-small', 'File is empty.'],
    ['too-many-files', 'Too many files'],
  ])('gives the reason for %s', (code, reason) => {
    expect(rejectionText('scan.pdf', [{ code, message: 'Too many files' }])).toBe(
      `Couldn't upload scan.pdf - ${reason}`,
    );
  });
});

describe('uploadFailureText', () => {
  it("shows the server's refusal of the file as it is", () => {
    const refusal = new ApiError(400, "Couldn't upload a.pdf - File type should be pdf, excel or png.", {
      field: 'file',
    });
    expect(uploadFailureText('a.pdf', refusal)).toBe(refusal.message);
  });

  it('gives any other failure as the reason', () => {
    expect(
      uploadFailureText('a.pdf', new ApiError(0, 'Something went wrong. Please, try again in a few minutes!')),
    ).toBe("Couldn't upload a.pdf - Something went wrong. Please, try again in a few minutes!");
    expect(uploadFailureText('a.pdf', new Error('boom'))).toBe(
      "Couldn't upload a.pdf - Something went wrong. Please, try again in a few minutes!",
    );
  });
});
