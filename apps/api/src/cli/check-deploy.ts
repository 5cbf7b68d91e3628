import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromEnv, type Config } from '../config.ts';

/**
 * `npm run check:deploy [-- --machines N]`: reads the environment as the server does and tells
 * what a production start lacks or has wrong (docs/deploy.md). Exits 1 when something required is
 * missing or wrong, 0 when only advice is left.
 */

export type Finding = {
  /** `required`: the portal is not fit to serve the public so; `advice`: worth a look. */
  level: 'required' | 'advice';
  variable: string;
  message: string;
};

export type DeploymentPlan = {
  /** How many machines run the server against the same data. */
  machines: number;
};

const PLACEHOLDER_DOMAIN = /@clearport\.test>?$/;

function configFindings(config: Config, env: NodeJS.ProcessEnv, plan: DeploymentPlan): Finding[] {
  const findings: Finding[] = [];
  const required = (variable: string, message: string) => findings.push({ level: 'required', variable, message });
  const advice = (variable: string, message: string) => findings.push({ level: 'advice', variable, message });
  const isShared = plan.machines > 1;
  const isHttps = config.publicUrl.startsWith('https://');

  if (!env.PUBLIC_URL) {
    required('PUBLIC_URL', 'is not set: links in e-mails would point to http://localhost');
  } else if (!isHttps) {
    required(
      'PUBLIC_URL',
      `is ${config.publicUrl}: the portal is published over https (the __Host-session cookie is only sent over https, HSTS needs it)`,
    );
  }
  if (isHttps && !config.hsts) required('HSTS', 'is false while PUBLIC_URL is https');
  if (isHttps && config.trustProxy === false) {
    required(
      'TRUST_PROXY',
      'is not set: the server speaks plain http, so https ends at a proxy in front, and without TRUST_PROXY every client has the proxy’s address (login throttling, security events)',
    );
  } else if (config.trustProxy === true) {
    advice('TRUST_PROXY', 'is true: any client can claim an address; name the proxy’s addresses instead');
  }
  if (!config.smtpUrl) required('SMTP_URL', 'is not set: mail would only be written to the outbox folder');
  if (PLACEHOLDER_DOMAIN.test(config.mailFrom)) required('MAIL_FROM', `is the example ${config.mailFrom}`);
  if (PLACEHOLDER_DOMAIN.test(config.brokerEmail)) required('BROKER_EMAIL', `is the example ${config.brokerEmail}`);
  if (config.seedDemo) {
    required('SEED_DEMO', 'is not false: an empty database would be given the demo brokerage and its known passwords');
  }
  if (!config.twoFactorKey) {
    required(
      'TWO_FACTOR_KEY',
      'is not set: the key of the authenticator secrets would be made in the data folder, beside the data it protects and in its backups',
    );
  }
  if (!config.databaseUrl) {
    const message = 'is not set: the embedded database serves one process on one machine';
    if (isShared) required('DATABASE_URL', message);
    else advice('DATABASE_URL', `${message}; PostgreSQL is needed to run more than one`);
  }
  if (!env.STORAGE_URL) {
    const message = `is not set: stored files live in ${path.join(config.dataDir, 'files')} on this machine`;
    if (isShared) required('STORAGE_URL', `${message}, which the other machines do not see`);
    else advice('STORAGE_URL', `${message}; object storage is needed to run on more than one machine`);
  }
  if (!path.isAbsolute(env.DATA_DIR ?? '')) {
    advice(
      'DATA_DIR',
      `is not an absolute path: it resolves to ${config.dataDir} from the folder the server starts in`,
    );
  }
  if (config.webhookAllowHttp) advice('WEBHOOK_ALLOW_HTTP', 'is true: webhooks may be sent in clear to any host');
  if (['debug', 'trace'].includes(config.logLevel)) {
    advice('LOG_LEVEL', `is ${config.logLevel}: every request is logged in detail`);
  }
  if (env.PASSWORD_HASH_COST && Number(env.PASSWORD_HASH_COST) < 17) {
    advice('PASSWORD_HASH_COST', `is ${env.PASSWORD_HASH_COST}, cheaper than the default 17`);
  }
  return findings;
}

/** What the environment lacks or has wrong for a production start on `plan.machines` machines. */
export function checkDeployment(env: NodeJS.ProcessEnv, plan: DeploymentPlan = { machines: 1 }): Finding[] {
  let config: Config;
  try {
    config = configFromEnv(env);
  } catch (error) {
    // The server would not start: the message names the variable.
    const message = (error as Error).message;
    return [{ level: 'required', variable: message.split(' ')[0] ?? '', message: message.replace(/^\S+ /, '') }];
  }
  if (config.twoFactorKey && !/^[0-9a-f]{64}$/i.test(config.twoFactorKey)) {
    return [{ level: 'required', variable: 'TWO_FACTOR_KEY', message: 'is not 64 hex characters' }];
  }
  return configFindings(config, env, plan);
}

export function findingsReport(findings: Finding[], plan: DeploymentPlan): string {
  const machines = plan.machines === 1 ? 'one machine' : `${plan.machines} machines`;
  const lines = findings.map((each) => `${each.level === 'required' ? '✖' : '!'} ${each.variable} ${each.message}`);
  const required = findings.filter((each) => each.level === 'required').length;
  const summary =
    required > 0
      ? `${required} required setting${required === 1 ? ' is' : 's are'} missing or wrong for production on ${machines}.`
      : `Nothing required is missing for production on ${machines}.`;
  return [...lines, summary].join('\n');
}

function machinesOf(args: string[]): number {
  const index = args.indexOf('--machines');
  if (index === -1) return 1;
  const machines = Number(args[index + 1]);
  if (!Number.isInteger(machines) || machines < 1) throw new Error('--machines takes a whole number from 1');
  return machines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const plan = { machines: machinesOf(process.argv.slice(2)) };
    const findings = checkDeployment(process.env, plan);
    process.stdout.write(`${findingsReport(findings, plan)}\n`);
    process.exitCode = findings.some((each) => each.level === 'required') ? 1 : 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}
