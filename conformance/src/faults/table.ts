/**
 * The detection table of a set of fault runs (detect.ts), as Markdown: one row per area with the
 * number of faults, how many the suite detected, the share detected and how many were detected on
 * target (by a check covering the broken requirement), then a total row.
 */
import type { FaultRunResult } from './detect.js';

interface Row {
  faults: number;
  detected: number;
  onTarget: number;
}

function share(part: number, whole: number): string {
  return whole === 0 ? '-' : `${Math.round((part / whole) * 1000) / 10} %`;
}

function line(label: string, row: Row): string {
  return `| ${label} | ${row.faults} | ${row.detected} | ${share(row.detected, row.faults)} | ${row.onTarget} |`;
}

export function detectionTable(results: readonly FaultRunResult[]): string {
  const areas = new Map<string, Row>();
  const total: Row = { faults: 0, detected: 0, onTarget: 0 };
  for (const result of results) {
    const row = areas.get(result.fault.area) ?? { faults: 0, detected: 0, onTarget: 0 };
    areas.set(result.fault.area, row);
    for (const counts of [row, total]) {
      counts.faults += 1;
      if (result.detected) counts.detected += 1;
      if (result.detected && result.onTarget) counts.onTarget += 1;
    }
  }
  const lines = ['| area | faults | detected | share detected | on target |', '|---|---:|---:|---:|---:|'];
  for (const area of [...areas.keys()].sort()) lines.push(line(area, areas.get(area)!));
  lines.push(line('**total**', total));
  return lines.join('\n');
}
