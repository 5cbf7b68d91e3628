import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/build-app.ts';
import { samplePdf } from '../../../test/sample-files.ts';
import { sweepOrphanFiles } from './orphan-files.ts';

const t = testAppForFile();

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

async function place(key: string, age?: Date) {
  const file = path.join(t.dataDir, 'files', key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, samplePdf(100));
  if (age) await utimes(file, age, age);
  return file;
}

describe('the orphan file sweep', () => {
  it('removes old temporaries and old files no record holds, and keeps the rest', async () => {
    const referenced = await t.app.db.selectFrom('documents').select('path').executeTakeFirstOrThrow();
    const referencedFile = path.join(t.dataDir, 'files', referenced.path);
    // The test app's files are links to the run's template (test/build-app.ts): this one is aged as a copy of its own.
    await copyFile(referencedFile, `${referencedFile}.own`);
    await rename(`${referencedFile}.own`, referencedFile);
    await utimes(referencedFile, TWO_HOURS_AGO, TWO_HOURS_AGO);
    const oldTemporary = await place(
      'documents/2026/11111111-1111-4111-8111-111111111111.pdf.0b9e.part',
      TWO_HOURS_AGO,
    );
    const oldOrphan = await place('documents/2026/22222222-2222-4222-8222-222222222222.pdf', TWO_HOURS_AGO);
    const freshTemporary = await place('documents/2026/33333333-3333-4333-8333-333333333333.pdf.77aa.part');
    const freshOrphan = await place('documents/2026/44444444-4444-4444-8444-444444444444.pdf');

    const removed = await sweepOrphanFiles(t.app);

    // The server's own sweeps begin only after it listens, which an injected app never does.
    expect(removed.sort()).toEqual([
      'documents/2026/11111111-1111-4111-8111-111111111111.pdf.0b9e.part',
      'documents/2026/22222222-2222-4222-8222-222222222222.pdf',
    ]);
    expect(existsSync(oldTemporary)).toBe(false);
    expect(existsSync(oldOrphan)).toBe(false);
    for (const kept of [referencedFile, freshTemporary, freshOrphan]) expect(existsSync(kept), kept).toBe(true);
  });
});
