import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allProjections } from './all-projections';
import type { Projection } from './runner/projection';

describe('every projection', () => {
  it('has a spec beside the file that defines it', async () => {
    const specified = new Set<Projection>();
    for (const folder of readdirSync(__dirname, { withFileTypes: true }).filter((d) => d.isDirectory()))
      for (const file of readdirSync(join(__dirname, folder.name)).filter((f) => f.endsWith('.projection.ts'))) {
        const path = join(__dirname, folder.name, file);
        if (!existsSync(path.replace(/\.ts$/, '.spec.ts'))) continue;
        for (const value of Object.values((await import(path)) as Record<string, unknown>))
          if (allProjections.includes(value as Projection)) specified.add(value as Projection);
      }
    expect(allProjections.filter((p) => !specified.has(p)).map((p) => p.name)).toEqual([]);
    expect(specified.size).toBe(allProjections.length);
  });
});
