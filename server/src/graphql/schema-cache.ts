// One GraphQL schema per Space, built on first use and kept until the workspace schema changes
// (every schema write bumps the workspace version, which the catalog carries).
import type { Queryable } from '../db/database.js';
import type { Catalog } from '../model/catalog.js';
import { spacePathName } from './naming.js';
import { buildSchema, type BuiltSchema } from './schema-builder.js';
import { buildSpaceModel, type SpaceModel } from './space-model.js';

export interface SpaceSchema extends BuiltSchema {
  space: string;
  model: SpaceModel;
  catalog: Catalog;
}

interface Generation {
  version: number;
  spaces: string[];
  built: Map<string, SpaceSchema>;
}

export class SpaceSchemaCache {
  private current: Generation | undefined;

  /** The schema of the Space the path names (its name, spaces written `_`), or undefined. */
  async get(tx: Queryable, catalog: Catalog, pathName: string): Promise<SpaceSchema | undefined> {
    if (!this.current || this.current.version !== catalog.version) {
      const { rows } = await tx.query<{ name: string }>('SELECT name FROM spaces ORDER BY name');
      this.current = { version: catalog.version, spaces: rows.map((r) => r.name), built: new Map() };
    }
    const generation = this.current;
    const space = resolveSpace(generation.spaces, pathName);
    if (space === undefined) return undefined;
    let built = generation.built.get(space);
    if (!built) {
      const model = buildSpaceModel(catalog, space);
      built = { ...buildSchema(model), space, model, catalog };
      generation.built.set(space, built);
    }
    return built;
  }
}

/** The Space a path segment names: its exact name first, else the one whose `_`-form it is. */
export function resolveSpace(spaces: readonly string[], pathName: string): string | undefined {
  if (spaces.includes(pathName)) return pathName;
  const matches = spaces.filter((s) => spacePathName(s) === pathName);
  return matches.length === 1 ? matches[0] : undefined;
}
