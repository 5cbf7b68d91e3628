import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { ROUTE_MODULES } from './route-modules.ts';
import router from './router.tsx?raw';

describe('the route modules the build preloads', () => {
  it('name every route of the portal once', () => {
    const patterns = ROUTE_MODULES.map(([pattern]) => pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect([...patterns].sort()).toEqual(
      Object.values(paths)
        .map((each) => each.path)
        .sort(),
    );
  });

  it('are the modules the router loads, and nothing else', () => {
    const loaded = [...router.matchAll(/import\('\.\/(routes\/[^']+)'\)/g)].map((match) => `src/app/${match[1]}`);
    const preloaded = new Set(ROUTE_MODULES.flatMap(([, modules]) => modules));
    // The not-found screen has no pattern of its own: it is what no route matches.
    expect(new Set(loaded.filter((module) => !module.endsWith('/not-found.tsx')))).toEqual(preloaded);
  });
});
