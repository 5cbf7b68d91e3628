import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptSources', () => {
  it("gives each inline script's hash, exactly as written, and none of a script loaded from a file", () => {
    const preload = '(function(){var r=[["^/login/?$",["/assets/login-a.js"]]];})();';
    const html =
      `<!doctype html><head><script>${preload}</script>\n` +
      '<script type="module" crossorigin src="/assets/index-b.js"></script>\n' +
      '<SCRIPT type="text/javascript">\n  window.x = "é";\n</SCRIPT></head>';
    expect(inlineScriptSources(html)).toEqual([sha256(preload), sha256('\n  window.x = "é";\n')]);
  });

  it('gives nothing for a page without inline scripts', () => {
    expect(inlineScriptSources('<!doctype html><title>Clearport</title><div id="root"></div>')).toEqual([]);
  });
});
