import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiDir } from '../../test/server-process.ts';
import { bundled } from '../../test/source-bundle.ts';
import { checkDeployment, findingsReport, type Finding } from './check-deploy.ts';

const PRODUCTION = {
  PUBLIC_URL: 'https://portal.example.com',
  TRUST_PROXY: '10.0.0.2',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'Example Brokerage <portal@example.com>',
  BROKER_EMAIL: 'support@example.com',
  SEED_DEMO: 'false',
  TWO_FACTOR_KEY: 'a'.repeat(64),
  DATA_DIR: '/var/lib/clearport',
  DATABASE_URL: 'postgres://clearport@db.internal/clearport',
  STORAGE_URL: 's3://clearport-files',
};

const required = (findings: Finding[]) =>
  findings.filter((each) => each.level === 'required').map((each) => each.variable);
const advised = (findings: Finding[]) =>
  findings.filter((each) => each.level === 'advice').map((each) => each.variable);

describe('checkDeployment', () => {
  it('finds nothing in a complete production environment, on one machine or several', () => {
    expect(checkDeployment(PRODUCTION)).toEqual([]);
    expect(checkDeployment(PRODUCTION, { machines: 3 })).toEqual([]);
  });

  it('requires everything a production start needs in an empty environment', () => {
    expect(required(checkDeployment({}))).toEqual([
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'BROKER_EMAIL',
      'SEED_DEMO',
      'TWO_FACTOR_KEY',
    ]);
    expect(advised(checkDeployment({}))).toEqual(['DATABASE_URL', 'STORAGE_URL', 'DATA_DIR']);
  });

  it('requires https, and a trusted proxy in front of it', () => {
    const plain = checkDeployment({ ...PRODUCTION, PUBLIC_URL: 'http://portal.example.com' });
    expect(plain).toEqual([expect.objectContaining({ level: 'required', variable: 'PUBLIC_URL' })]);
    expect(plain[0]!.message).toMatch(/__Host-session/);
    expect(required(checkDeployment({ ...PRODUCTION, TRUST_PROXY: '' }))).toEqual(['TRUST_PROXY']);
    expect(required(checkDeployment({ ...PRODUCTION, HSTS: 'false' }))).toEqual(['HSTS']);
    expect(advised(checkDeployment({ ...PRODUCTION, TRUST_PROXY: 'true' }))).toEqual(['TRUST_PROXY']);
  });

  it('requires a shared database and file store on more than one machine, advises them on one', () => {
    const { DATABASE_URL: _database, STORAGE_URL: _storage, ...oneMachine } = PRODUCTION;
    expect(advised(checkDeployment(oneMachine))).toEqual(['DATABASE_URL', 'STORAGE_URL']);
    expect(required(checkDeployment(oneMachine))).toEqual([]);
    expect(required(checkDeployment(oneMachine, { machines: 2 }))).toEqual(['DATABASE_URL', 'STORAGE_URL']);
  });

  it('reports a value the server would refuse to start with', () => {
    expect(checkDeployment({ ...PRODUCTION, MAIL_POLL_MS: 'soon' })).toEqual([
      { level: 'required', variable: 'MAIL_POLL_MS', message: 'is not a positive whole number: soon' },
    ]);
    expect(checkDeployment({ ...PRODUCTION, TWO_FACTOR_KEY: 'secret' })).toEqual([
      { level: 'required', variable: 'TWO_FACTOR_KEY', message: 'is not 64 hex characters' },
    ]);
  });

  it('ends the report with how many required settings are missing', () => {
    expect(findingsReport(checkDeployment(PRODUCTION), { machines: 1 })).toBe(
      'Nothing required is missing for production on one machine.',
    );
    const report = findingsReport(checkDeployment({ ...PRODUCTION, SMTP_URL: '' }), { machines: 2 });
    expect(report.split('\n')).toEqual([
      '✖ SMTP_URL is not set: mail would only be written to the outbox folder',
      '1 required setting is missing or wrong for production on 2 machines.',
    ]);
  });
});

describe('the check:deploy command', () => {
  const command = (env: Record<string, string>, args: string[] = []) =>
    promisify(execFile)(process.execPath, [...bundled('cli/check-deploy'), ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  it('exits 0 on a complete environment and 1 when something required is missing', async () => {
    const complete = await command(PRODUCTION, ['--machines', '2']);
    expect(complete).toEqual({ code: 0, stdout: 'Nothing required is missing for production on 2 machines.\n' });
    const { STORAGE_URL: _storage, ...withoutStorage } = PRODUCTION;
    const missing = await command(withoutStorage, ['--machines', '2']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/^✖ STORAGE_URL is not set: stored files live in \/var\/lib\/clearport\/files/m);
  });
});
