import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ROUTE_MODULES } from '../src/app/route-modules.ts';

/** A route pattern (`/shipments/:id`) as a regular expression's source, matched against location.pathname. */
function patternSource(pattern: string): string {
  return `^${pattern.replace(/:[^/]+/g, '[^/]+').replace(/\/$/, '')}/?$`;
}

function chunksOf(bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  return Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
}

/** A chunk's files: itself and what it imports statically, with their stylesheets. */
function filesOf(
  chunk: Rolldown.OutputChunk,
  byName: Map<string, Rolldown.OutputChunk>,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) {
    const next = byName.get(imported);
    if (next) filesOf(next, byName, into);
  }
  return into;
}

/**
 * Adds to index.html a small inline script that, before the entry runs, adds preload links for the
 * chunks and stylesheets of the route the address names (src/app/route-modules.ts). The entry's own
 * files are left out: index.html preloads them already. Inline, it costs no request of its own; the
 * server allows it in its CSP by its hash (apps/api/src/lib/inline-scripts.ts).
 */
export function routePreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'clearport-route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // A route's module is its chunk's facade, or one module of a larger chunk (vite/chunk-groups.ts).
      const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      for (const chunk of chunks) if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, chunk);
      const entryFiles = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) filesOf(chunk, byName, entryFiles);

      const routes = ROUTE_MODULES.map(([pattern, modules]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(path.join(root, module));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (route ${pattern})`);
          filesOf(chunk, byName, files);
        }
        return [patternSource(pattern), [...files].filter((file) => !entryFiles.has(file)).map((file) => base + file)];
      });
      const script =
        // `<` escaped, so no file name could end the inline script early.
        `(function(){var r=${JSON.stringify(routes).replace(/</g, '\\u003c')},p=location.pathname;` +
        'for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(h){' +
        "var l=document.createElement('link');l.rel=/\\.css$/.test(h)?'stylesheet':'modulepreload';" +
        'l.href=h;document.head.appendChild(l)});break}})();';
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') {
        throw new Error('route-preloads: index.html is not in the bundle yet');
      }
      const tag = `<script>${script}</script>\n    `;
      html.source = html.source.replace('<script type="module"', `${tag}<script type="module"`);
    },
  };
}
