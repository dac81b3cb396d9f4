/**
 * Loads the requirement catalogue, spec/requirements.yaml:
 * `{requirements: [{id, level, area, clause, ...}]}`.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { LEVELS, type Level } from './check.js';
import { isRecord } from './shapes.js';

export interface Requirement {
  id: string;
  /** The level of a wrong answer (for a feature beyond the contract's forms: when the target supports it). */
  level: Level;
  /**
   * For a feature beyond the contract's forms ("if supported, then correct"): the level of supporting
   * it at all. A target may lack the feature (a named "unsupported" answer: warn or note), but when it
   * accepts it the clause holds at `level`.
   */
  support?: Exclude<Level, 'MUST'>;
  area: string;
  clause: string;
  /** `server`, `app` or `client`, when the catalogue says. */
  target?: string;
  origin?: string;
  section?: string;
  /** Why no check covers it (`uncovered_reason`). */
  uncoveredReason?: string;
}

export interface RequirementCatalogue {
  requirements: Requirement[];
  byId: Map<string, Requirement>;
}

export const DEFAULT_REQUIREMENTS_PATH = fileURLToPath(new URL('../../spec/requirements.yaml', import.meta.url));

function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

function optionalString(entry: Record<string, unknown>, key: string): string | undefined {
  const value = entry[key];
  return typeof value === 'string' ? value : undefined;
}

/** Validates a parsed document; throws with every problem found. */
export function parseRequirements(document: unknown, source = 'requirements.yaml'): RequirementCatalogue {
  if (!isRecord(document) || !Array.isArray(document['requirements'])) {
    throw new Error(`${source}: expected a mapping with a "requirements" list`);
  }
  const problems: string[] = [];
  const requirements: Requirement[] = [];
  const byId = new Map<string, Requirement>();
  document['requirements'].forEach((entry: unknown, index: number) => {
    if (!isRecord(entry)) {
      problems.push(`requirements[${index}] is not a mapping`);
      return;
    }
    const { id, level, area, clause } = entry;
    if (typeof id !== 'string' || !isLevel(level) || typeof area !== 'string' || typeof clause !== 'string') {
      problems.push(`requirements[${index}] (${String(id)}) needs string id, area, clause and level MUST|SHOULD|MAY`);
      return;
    }
    if (byId.has(id)) problems.push(`requirement ${id} is listed twice`);
    const requirement: Requirement = { id, level, area, clause };
    const support = entry['support'];
    if (support !== undefined) {
      if (support !== 'SHOULD' && support !== 'MAY') problems.push(`requirement ${id}: support must be SHOULD or MAY`);
      else if (level !== 'MUST') problems.push(`requirement ${id}: support is given, so level (the level of a wrong answer) must be MUST`);
      else requirement.support = support;
    }
    const target = optionalString(entry, 'target');
    const origin = optionalString(entry, 'origin');
    const section = optionalString(entry, 'section');
    const uncoveredReason = optionalString(entry, 'uncovered_reason');
    if (target !== undefined) requirement.target = target;
    if (origin !== undefined) requirement.origin = origin;
    if (section !== undefined) requirement.section = section;
    if (uncoveredReason !== undefined) requirement.uncoveredReason = uncoveredReason.trim();
    requirements.push(requirement);
    byId.set(id, requirement);
  });
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  return { requirements, byId };
}

export async function loadRequirements(path: string = DEFAULT_REQUIREMENTS_PATH): Promise<RequirementCatalogue> {
  const text = await readFile(path, 'utf8');
  return parseRequirements(parse(text) as unknown, path);
}
