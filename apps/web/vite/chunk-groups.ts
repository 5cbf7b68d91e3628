import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/** The root standing for the entry (index.html's script) in the sets of modules that reach a module. */
const ENTRY = '<entry>';
/** The key of the modules that go with the signed-in layout's, in its chunk. */
const LAYOUT = '<layout>';

type ChunkGroupsOptions = {
  /** The signed-in layout's module, which every signed-in screen loads with its own. */
  layout: string;
  /**
   * Lazily loaded modules that the signed-in routes load with the layout's (the query client the
   * router's loaders make): their own code joins the layout's chunk instead of a small one of its own.
   */
  withLayout?: readonly string[];
  /**
   * Modules the entry's chunk takes with their imports although the entry does not import them: the
   * form's pieces nearly every page draws (the text field, the form message), which the screens
   * would otherwise load the login page's chunk for.
   */
  withEntry?: readonly string[];
  /**
   * The lazily loaded pages outside the layout (the signed-out ones, the not-found page), the
   * lightest first: code one of them shares joins the shared chunk of the first it names, and code
   * the first page shares joins that page's own chunk (the login page loads one file less).
   */
  outside: readonly string[];
  /** The source size (bytes before minifying) under which code shared by a set of modules joins a common chunk. */
  minGroupBytes: number;
};

/**
 * The build's chunks, fewer and larger than the bundler's own split: that gives each set of lazily
 * loaded modules sharing code a chunk of its own (66 of them, many under 1 KiB, each costing a
 * response head of about 0.35 KiB and compressing worse than in company). Here:
 * - what the entry imports (and `withEntry` names) is the entry's chunk, whatever the lazy chunks share of it;
 * - the signed-in layout's chunk takes what it shares with the screens, which all load it with theirs
 *   (and what `withLayout` names);
 * - code shared by a set of lazily loaded modules that is large (a library such as the select
 *   lists', the table's, the schemas') is a chunk for that set; smaller shared code joins one chunk
 *   for the signed-in screens, or the chunk of a library it imports that not every screen loads (the
 *   shipments' table joins the table library's, so that the screens without a table load neither),
 *   or, when a page outside the layout uses it, that page's shared chunk (so /login loads no code of
 *   the signed-in screens), the login page's own chunk for the code it shares.
 * A lazily loaded module's own code stays in its chunk, so a route still loads only its screen.
 * Chunks that would import each other in a circle are merged, so their top-level code runs in order.
 *
 * The sets are taken from the modules' static imports before tree-shaking, so an import kept only
 * for its types counts: such imports are written `import type`.
 */
export function chunkGroups({
  layout,
  withLayout = [],
  withEntry = [],
  outside,
  minGroupBytes,
}: ChunkGroupsOptions): Rolldown.CodeSplittingGroup[] {
  const candidates: string[] = [];
  let names: Map<string, string | null> | undefined;
  return [
    {
      debugName: 'chunk-groups',
      name: (id, ctx) => {
        names ??= nameModules(candidates, ctx, { layout, withLayout, withEntry, outside, minGroupBytes });
        return names.get(id) ?? null;
      },
      // Only the modules named here: one left to the bundler is not drawn in by a named module importing it.
      includeDependenciesRecursively: false,
      test: (id) => {
        candidates.push(id);
        return true;
      },
    },
  ];
}

/** For each module, the lazily loaded modules (and the entry) whose static imports reach it. */
function reachOf(ids: readonly string[], ctx: ChunkingContext, withEntry: readonly string[]): Map<string, Set<string>> {
  const reach = new Map<string, Set<string>>();
  const spread = (root: string, start: string) => {
    const pending = [start];
    while (pending.length > 0) {
      const id = pending.pop()!;
      let found = reach.get(id);
      if (!found) reach.set(id, (found = new Set()));
      if (found.has(root)) continue;
      found.add(root);
      pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
  };
  for (const id of ids) {
    const info = ctx.getModuleInfo(id);
    if (info?.isEntry || withEntry.includes(id)) spread(ENTRY, id);
    if (info && info.dynamicImporters.length > 0) spread(id, id);
  }
  return reach;
}

function nameModules(
  ids: readonly string[],
  ctx: ChunkingContext,
  { layout, withLayout = [], withEntry = [], outside, minGroupBytes }: ChunkGroupsOptions,
): Map<string, string | null> {
  const reach = reachOf(ids, ctx, withEntry);
  const isOutside = (roots: ReadonlySet<string>) => outside.some((root) => roots.has(root));
  const sizeOf = (id: string) => ctx.getModuleInfo(id)?.code?.length ?? 0;

  // The set of roots a module is shared by, or the entry's or the layout's chunk, or null for a module of one root.
  const keyOf = new Map<string, string | null>();
  const keySize = new Map<string, number>();
  const keyLargest = new Map<string, string>();
  for (const id of ids) {
    const roots = reach.get(id) ?? new Set<string>();
    let key: string | null;
    if (roots.has(ENTRY)) key = 'index';
    else if ((id === layout || withLayout.includes(id) || roots.has(layout)) && !isOutside(roots)) key = LAYOUT;
    else if (roots.size <= 1) key = null;
    else key = [...roots].sort().join('\n');
    keyOf.set(id, key);
    if (key === null || key === 'index' || key === LAYOUT) continue;
    keySize.set(key, (keySize.get(key) ?? 0) + sizeOf(id));
    const largest = keyLargest.get(key);
    if (largest === undefined || sizeOf(id) > sizeOf(largest)) keyLargest.set(key, id);
  }

  // Each large set its own chunk, under a name no other chunk has (one name is one chunk): not a
  // lazily loaded module's, so that a chunk named after a screen is that screen's.
  const setNames = new Map<string, string>();
  const lazyModules = ids.filter((id) => (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0);
  const taken = new Set([
    'index',
    'screens',
    ...lazyModules.map(chunkName),
    ...outside.map((page) => `${chunkName(page)}-shared`),
  ]);
  const isLarge = (key: string) => keySize.get(key)! >= minGroupBytes;
  for (const key of [...keySize.keys()].sort()) {
    if (!isLarge(key)) continue;
    const base = chunkName(keyLargest.get(key)!);
    let name = taken.has(base) ? `${base}-shared` : base;
    for (let n = 2; taken.has(name); n++) name = `${base}-shared-${n}`;
    taken.add(name);
    setNames.set(key, name);
  }

  // A small set joins the screens' chunk, which every signed-in screen loads, unless its code imports a
  // library's chunk that not all of them load (the table's): then it joins that chunk, whose screens
  // are its own and more, instead of making every screen load the library.
  const libraryOf = (id: string) => {
    const key = keyOf.get(id);
    const isPartLibrary =
      key != null &&
      setNames.has(key) &&
      keyLargest.get(key)!.includes('/node_modules/') &&
      !key.split('\n').includes(layout);
    return isPartLibrary ? key : undefined;
  };
  for (const key of keySize.keys()) {
    if (isLarge(key)) continue;
    const roots = key.split('\n');
    const library = ids
      .filter((id) => keyOf.get(id) === key)
      .flatMap((id) => ctx.getModuleInfo(id)?.importedIds ?? [])
      .map(libraryOf)
      .find((found) => found !== undefined && roots.every((root) => found.split('\n').includes(root)));
    if (library !== undefined) setNames.set(key, setNames.get(library)!);
  }

  // The first page outside the layout, whose chunk takes the code it shares too.
  const firstOutside = outside[0];
  const named = new Map<string, string | null>();
  for (const [id, key] of keyOf) {
    if (key === LAYOUT) {
      named.set(id, chunkName(layout));
    } else if (key === null && firstOutside !== undefined && reach.get(id)?.has(firstOutside)) {
      named.set(id, chunkName(firstOutside));
    } else if (key === null || key === 'index') {
      named.set(id, key);
    } else if (setNames.has(key)) {
      named.set(id, setNames.get(key)!);
    } else {
      const roots = key.split('\n');
      const page = outside.find((root) => roots.includes(root));
      if (page === undefined) named.set(id, 'screens');
      else named.set(id, page === firstOutside ? chunkName(page) : `${chunkName(page)}-shared`);
    }
  }
  return mergeCircles(named, ctx);
}

/**
 * Names the chunks that would import each other in a circle (through modules of any chunk) alike,
 * as the largest of them: in a circle, one chunk's top-level code could run before the other's
 * that it uses. The entry's chunk keeps its name and its modules.
 */
function mergeCircles(named: Map<string, string | null>, ctx: ChunkingContext): Map<string, string | null> {
  const nodeOf = (id: string) => named.get(id) ?? `module:${id}`;
  const edges = new Map<string, Set<string>>();
  for (const id of named.keys()) {
    const from = nodeOf(id);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (!named.has(imported)) continue;
      const to = nodeOf(imported);
      if (to !== from) edges.get(from)!.add(to);
    }
  }

  // Tarjan's strongly connected components, without recursion.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: Iterator<string> }> = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (edges.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const step = top.next.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let node: string;
        do {
          node = stack.pop()!;
          onStack.delete(node);
          component.push(node);
        } while (node !== top.node);
        components.push(component);
      }
    }
  }

  const chunkSize = new Map<string, number>();
  for (const [id, name] of named) {
    if (name !== null) chunkSize.set(name, (chunkSize.get(name) ?? 0) + (ctx.getModuleInfo(id)?.code?.length ?? 0));
  }
  const renamed = new Map<string, string>();
  for (const component of components) {
    const chunks = component.filter((node) => chunkSize.has(node) && node !== 'index');
    if (chunks.length < 2) continue;
    const into = chunks.reduce((a, b) => (chunkSize.get(b)! > chunkSize.get(a)! ? b : a));
    for (const chunk of chunks) renamed.set(chunk, into);
  }
  return new Map([...named].map(([id, name]) => [id, name === null ? null : (renamed.get(name) ?? name)]));
}

/** A readable chunk name for a module: its package's, or its file's. */
function chunkName(id: string): string {
  const inPackage = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  const name = inPackage
    ? inPackage[1]!
    : id
        .replace(/\?.*$/, '')
        .replace(/^.*[\\/]/, '')
        .replace(/\.[^.]*$/, '');
  return name.replace(/^@/, '').replace(/[\\/]/g, '-');
}
