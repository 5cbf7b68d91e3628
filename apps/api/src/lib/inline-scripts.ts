import { createHash } from 'node:crypto';

/**
 * The CSP sources (`'sha256-…'`) of a page's inline scripts: with them in `script-src`, those
 * scripts run, and an inline script that is not in the built page does not.
 */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const [, attributes = '', content = ''] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    sources.push(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return sources;
}
