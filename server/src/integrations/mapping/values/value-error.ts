// The error every value converter throws: what it expected and what it got. convertRow turns it
// into the `integration.error/row-invalid` Failure naming the type, the row key and the field.
export class ValueError extends Error {
  constructor(
    readonly expected: string,
    value: unknown,
  ) {
    super(`must be ${expected}; got ${shown(value)}`);
    this.name = 'ValueError';
  }
}

/** A value as a short JSON text for messages. */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** `null`, an absent value and the empty (or blank) string clear a value (spec/integrations.md, "Values"). */
export function isEmpty(value: unknown): value is null | undefined | string {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
