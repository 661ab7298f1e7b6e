// An import-cycle rule that counts `import type` too: eslint-plugin-import-x's no-cycle skips type-only
// imports, and the cycles this codebase had were exactly those (a feature's types importing the store
// that imports the feature). A cycle, type-only or not, means two modules cannot be read, moved or
// tested apart.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Each file's relative imports, resolved to files: one read per file per lint run. */
const importsOf = new Map();

function resolveImport(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = resolve(dirname(from), specifier);
  if (/\.(?:ts|tsx)$/.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) {
    if (existsSync(base + extension)) return base + extension;
  }
  return null;
}

function imports(file) {
  let found = importsOf.get(file);
  if (found) return found;
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // A file that cannot be read imports nothing we can follow.
  }
  const { importedFiles } = ts.preProcessFile(text, true, true);
  found = [...new Set(importedFiles.map((f) => resolveImport(file, f.fileName)).filter(Boolean))];
  importsOf.set(file, found);
  return found;
}

/** The shortest path of imports from `start` back to itself, or null. */
function cycleThrough(start) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of imports(file)) {
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]));
        return path;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}. Move what both sides need into a module that imports neither.' },
  },
  create(context) {
    return {
      Program(node) {
        const file = context.filename;
        const path = cycleThrough(file);
        if (!path) return;
        const root = context.cwd;
        context.report({
          node,
          messageId: 'cycle',
          data: { path: [...path, file].map((f) => relative(root, f)).join(' → ') },
        });
      },
    };
  },
};
