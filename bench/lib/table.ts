// Tables of benchmark figures, printed as plain text (stdout) or as Markdown (results files).

export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
  /** Lines printed under the table. */
  notes?: string[];
}

function widths(table: Table): number[] {
  return table.columns.map((c, i) => Math.max(c.length, ...table.rows.map((r) => (r[i] ?? '').length)));
}

export function renderPlain(table: Table): string {
  const w = widths(table);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(w[i] ?? 0))
      .join('  ')
      .trimEnd();
  const out = [table.title, line(table.columns), w.map((n) => '-'.repeat(n)).join('  '), ...table.rows.map(line)];
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}

function escapeCell(cell: string): string {
  return cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderMarkdown(table: Table, headingLevel = 3): string {
  const out = [
    `${'#'.repeat(headingLevel)} ${table.title}`,
    '',
    `| ${table.columns.map(escapeCell).join(' | ')} |`,
    `|${table.columns.map(() => '---').join('|')}|`,
    ...table.rows.map((r) => `| ${table.columns.map((_, i) => escapeCell(r[i] ?? '')).join(' | ')} |`),
  ];
  if (table.notes && table.notes.length > 0) out.push('', ...table.notes.map((n) => `- ${n}`));
  return out.join('\n');
}
