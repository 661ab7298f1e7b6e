import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * docs/architecture.md is a map, not a log (issue #27 item 5): a short index whose feature map names every
 * feature folder, with one page per feature or topic beside it. This holds it: a new `src/*` or
 * `client/src/features/*` folder must be put on the map, the index stays short, and its links lead somewhere.
 */
const ROOT = resolve(__dirname, '../..');
const INDEX = join(ROOT, 'docs/architecture.md');
const MAX_LINES = 200;

const index = readFileSync(INDEX, 'utf8');

/** The folders directly under `parent`, each written as the map writes it: `src/timers/`. */
function foldersUnder(parent: string): string[] {
  return readdirSync(join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}/`)
    .sort();
}

/** The lines of the table under the heading `## Feature map`, up to the first line that is not a table row. */
function featureMapRows(markdown: string): string[] {
  const lines = markdown.split('\n');
  const heading = lines.findIndex((line) => line.trim() === '## Feature map');
  if (heading < 0) throw new Error('docs/architecture.md has no "## Feature map" heading');
  const first = lines.findIndex((line, i) => i > heading && line.startsWith('|'));
  if (first < 0) throw new Error('the feature map in docs/architecture.md has no table');
  const rows: string[] = [];
  for (let i = first; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i]);
  return rows;
}

/** Every `code span` in the text, as written. */
const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

/** The relative targets of the Markdown links in the text (no scheme, no bare anchor), without their anchors. */
const pageLinks = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]);

describe('docs/architecture.md, the map', () => {
  const mapped = new Set(featureMapRows(index).flatMap(codeSpans));

  it('names every src/*/ folder in its feature map', () => {
    const missing = foldersUnder('src').filter((folder) => !mapped.has(folder));
    expect({ missingFromTheFeatureMap: missing }).toEqual({ missingFromTheFeatureMap: [] });
  });

  it('names every client/src/features/*/ folder in its feature map', () => {
    const missing = foldersUnder('client/src/features').filter((folder) => !mapped.has(folder));
    expect({ missingFromTheFeatureMap: missing }).toEqual({ missingFromTheFeatureMap: [] });
  });

  it('names no path in its feature map that does not exist', () => {
    const paths = [...mapped].filter((span) => /^(src|projections|client|test)\//.test(span));
    expect(paths.length).toBeGreaterThan(0);
    const absent = paths.filter((path) => !existsSync(join(ROOT, path)));
    expect({ absentPaths: absent }).toEqual({ absentPaths: [] });
  });

  it(`stays under ${MAX_LINES} lines`, () => {
    const lines = index.replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThan(MAX_LINES);
  });

  it('links only to pages that exist', () => {
    const links = pageLinks(index);
    expect(links.length).toBeGreaterThan(0);
    const broken = links.filter((target) => !existsSync(resolve(dirname(INDEX), target)));
    expect({ brokenLinks: broken }).toEqual({ brokenLinks: [] });
  });
});
