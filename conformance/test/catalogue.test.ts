import { beforeAll, describe, expect, it } from 'vitest';
import { LEVELS, type Level } from '../src/check.js';
import { allChecks, serverChecks } from '../src/checks/index.js';
import { catalogueProblems } from '../src/registry.js';
import { loadRequirements, parseRequirements, type RequirementCatalogue } from '../src/requirements.js';

const rank = (level: Level): number => LEVELS.length - LEVELS.indexOf(level); // MUST 3, SHOULD 2, MAY 1

describe('check catalogue', () => {
  let catalogue: RequirementCatalogue;
  beforeAll(async () => {
    catalogue = await loadRequirements();
  });

  it('has server checks', () => {
    expect(serverChecks.length).toBeGreaterThan(0);
  });

  it('check IDs are unique and lowercase dotted; every check has a name, a level and a requirement', () => {
    expect(catalogueProblems(allChecks)).toEqual([]);
    expect(new Set(allChecks.map((c) => c.id)).size).toBe(allChecks.length);
    for (const check of allChecks) {
      expect(check.name.trim(), check.id).not.toBe('');
      expect(LEVELS, check.id).toContain(check.level);
      expect(check.requirements.length, check.id).toBeGreaterThan(0);
    }
  });

  it('every requirement ID named by a check exists in spec/requirements.yaml', () => {
    const missing = allChecks.flatMap((c) => c.requirements.filter((id) => !catalogue.byId.has(id)).map((id) => `${c.id} -> ${id}`));
    expect(missing).toEqual([]);
  });

  it('no check is stronger than the strongest requirement it covers', () => {
    const tooStrong = allChecks
      .filter((c) => c.requirements.every((id) => catalogue.byId.has(id)))
      .filter((c) => rank(c.level) > Math.max(...c.requirements.map((id) => rank(catalogue.byId.get(id)?.level ?? 'MAY'))))
      .map((c) => `${c.id} is ${c.level}, its requirements are ${c.requirements.map((id) => `${id} ${catalogue.byId.get(id)?.level}`).join(', ')}`);
    expect(tooStrong).toEqual([]);
  });

  it('if supported, then correct: a check of a feature beyond the contract covers a requirement with that support level, and a wrong answer is a MUST', () => {
    const wrong = allChecks
      .filter((c) => c.unsupported !== undefined)
      .filter((c) => c.level !== 'MUST' || !c.requirements.some((id) => catalogue.byId.get(id)?.support === c.unsupported))
      .map((c) => `${c.id} (${c.level}, unsupported ${c.unsupported}) covers ${c.requirements.map((id) => `${id} (${catalogue.byId.get(id)?.level}, support ${catalogue.byId.get(id)?.support ?? '-'})`).join(', ')}`);
    expect(wrong).toEqual([]);
    // A check whose requirements all say "if supported" grades a missing feature, not a failure.
    const ungraded = allChecks
      .filter((c) => c.unsupported === undefined && c.requirements.length > 0 && c.requirements.every((id) => catalogue.byId.get(id)?.support !== undefined))
      .map((c) => c.id);
    expect(ungraded).toEqual([]);
  });

  it("a check's area is the area of one of its requirements", () => {
    const wrong = allChecks
      .filter((c) => !c.requirements.some((id) => catalogue.byId.get(id)?.area === c.area))
      .map((c) => `${c.id} (area ${c.area}) covers ${c.requirements.map((id) => `${id} (${catalogue.byId.get(id)?.area ?? '?'})`).join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it('server checks cover no requirement that only an integration app can satisfy', () => {
    const appOnly = serverChecks.flatMap((c) => c.requirements.filter((id) => catalogue.byId.get(id)?.target === 'app').map((id) => `${c.id} -> ${id}`));
    expect(appOnly).toEqual([]);
  });
});

describe('requirements loader', () => {
  it('rejects entries without id, level, area or clause', () => {
    expect(() => parseRequirements({ requirements: [{ id: 'AUTH-001', level: 'MUST', area: 'auth' }] })).toThrow(/clause/);
    expect(() => parseRequirements({ requirements: [{ id: 'AUTH-001', level: 'MUSTN', area: 'auth', clause: 'x' }] })).toThrow(/level/);
    expect(() => parseRequirements({ nope: [] })).toThrow(/requirements/);
  });

  it('reads support (SHOULD or MAY) only on MUST entries', () => {
    const entry = { id: 'QUERY-014', level: 'MUST', area: 'query', clause: 'x', support: 'SHOULD' };
    expect(parseRequirements({ requirements: [entry] }).byId.get('QUERY-014')?.support).toBe('SHOULD');
    expect(() => parseRequirements({ requirements: [{ ...entry, level: 'SHOULD' }] })).toThrow(/must be MUST/);
    expect(() => parseRequirements({ requirements: [{ ...entry, support: 'MUST' }] })).toThrow(/SHOULD or MAY/);
  });

  it('rejects duplicate IDs', () => {
    const entry = { id: 'AUTH-001', level: 'MUST', area: 'auth', clause: 'x' };
    expect(() => parseRequirements({ requirements: [entry, entry] })).toThrow(/twice/);
  });
});
