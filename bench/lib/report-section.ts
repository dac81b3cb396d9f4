// Replaces one `## ` section of a Markdown results file, or appends it: a benchmark run for one
// of its figures updates that figure's section and leaves the others as the last full run wrote them.
import { readFile } from 'node:fs/promises';
import { writeReport } from './cli.js';

/**
 * `section` starts with its `## title` line. The old section of that title runs up to the next
 * `## ` heading (or the end); a file that does not exist yet is written with `header` first.
 */
export async function writeSection(file: string, section: string, header: readonly string[]): Promise<void> {
  const heading = section.split('\n', 1)[0] ?? '';
  if (!heading.startsWith('## ')) throw new Error(`a section starts with a "## " heading; got ${JSON.stringify(heading.slice(0, 80))}`);
  let existing: string;
  try {
    existing = await readFile(file, 'utf8');
  } catch {
    await writeReport(file, [...header, '', section]);
    return;
  }
  const lines = existing.replace(/\s+$/, '').split('\n');
  const start = lines.findIndex((l) => l === heading);
  if (start < 0) {
    await writeReport(file, [...lines, '', section]);
    return;
  }
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  await writeReport(file, [...lines.slice(0, start), section, ...(end < lines.length ? ['', ...lines.slice(end)] : [])]);
}
