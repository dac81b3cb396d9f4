// Locations (MAP-039..041): a coordinates string — decimal (`40.7128, -74.0060`), degrees,
// minutes and seconds with hemisphere letters (`40°42'46"N 74°0'22"W`) or degrees and decimal
// minutes (`40°42.767'N 74°0.367'W`) — or a stringified (or plain) JSON object
// `{longitude, latitude, fullAddress}`. Stored as `{latitude, longitude, fullAddress?}`.
import { isPlainObject, parseJsonText } from './json-text.js';
import { isEmpty, ValueError } from './value-error.js';

export interface Location {
  latitude: number;
  longitude: number;
  fullAddress?: string;
}

const EXPECTED =
  'a location: "latitude, longitude" in decimal degrees, degrees-minutes-seconds with hemisphere letters (40°42\'46"N 74°0\'22"W), ' +
  'or a JSON object {"latitude", "longitude", "fullAddress"}';
const MAX_TEXT = 200;
const MAX_JSON = 10_000;

/**
 * One coordinate: degrees, optional minutes and seconds, and a hemisphere letter either before
 * (groups 1-4) or after (groups 5-8) — never both, so a pair of letters cannot be misread.
 */
const DEGREES = String.raw`([+-]?\d+(?:\.\d+)?)\s*°?(?:\s*(\d+(?:\.\d+)?)\s*'(?:\s*(\d+(?:\.\d+)?)\s*"?)?)?`;
const COORDINATE = String.raw`(?:([NSEW])\s*${DEGREES}|${DEGREES}(?:\s*([NSEW]))?)`;
/**
 * Between the two coordinates: a comma, semicolon or slash, blanks, or the end of the first
 * coordinate's marks (a hemisphere letter, °, ', ") or the start of the second's letter — never
 * nothing between two digits, so that one number is never read as two coordinates.
 */
const BETWEEN = String.raw`(?:\s*[,;/]\s*|\s+|(?<=[NSEW°'"])|(?=[NSEW]))`;
const PAIR = new RegExp(String.raw`^\s*${COORDINATE}${BETWEEN}${COORDINATE}\s*$`, 'i');
const SINGLE = new RegExp(String.raw`^\s*${COORDINATE}\s*$`, 'i');
const GROUPS = 8;

type Axis = 'latitude' | 'longitude';

interface Coordinate {
  value: number;
  axis: Axis | null;
}

/** Typographic primes and degree look-alikes to the plain marks. */
function normalise(text: string): string {
  return text
    .replace(/[º˚]/g, '°')
    .replace(/[″“”]|''/g, '"')
    .replace(/[′‘’´`]/g, "'");
}

/** The coordinate of the 8 groups of COORDINATE. */
function coordinate(groups: Array<string | undefined>, original: unknown): Coordinate {
  const [lead, d1, m1, s1, d2, m2, s2, trail] = groups;
  const [degrees, minutes, seconds] = d1 !== undefined ? [d1, m1, s1] : [d2, m2, s2];
  if (degrees === undefined) throw new ValueError(EXPECTED, original);
  const hemisphere = (lead ?? trail)?.toUpperCase();
  const negative = degrees.startsWith('-');
  if (hemisphere && negative) throw new ValueError(EXPECTED, original);
  const d = Math.abs(Number(degrees));
  const m = minutes === undefined ? 0 : Number(minutes);
  const s = seconds === undefined ? 0 : Number(seconds);
  // Only the last part given may have a fraction; minutes and seconds stay below 60.
  if ((minutes !== undefined && !Number.isInteger(d)) || (seconds !== undefined && !Number.isInteger(m)) || m >= 60 || s >= 60) {
    throw new ValueError(EXPECTED, original);
  }
  const value = (d + m / 60 + s / 3600) * (negative || hemisphere === 'S' || hemisphere === 'W' ? -1 : 1);
  const axis: Axis | null = hemisphere === 'N' || hemisphere === 'S' ? 'latitude' : hemisphere ? 'longitude' : null;
  return { value, axis };
}

function checked(latitude: number, longitude: number, original: unknown, fullAddress?: string): Location {
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) throw new ValueError(EXPECTED, original);
  // -0 is written 0.
  return { latitude: latitude + 0, longitude: longitude + 0, ...(fullAddress ? { fullAddress } : {}) };
}

function fromPair(text: string, original: unknown): Location {
  const match = PAIR.exec(normalise(text));
  if (!match) throw new ValueError(EXPECTED, original);
  const first = coordinate(match.slice(1, 1 + GROUPS), original);
  const second = coordinate(match.slice(1 + GROUPS, 1 + 2 * GROUPS), original);
  // Latitude first unless hemisphere letters say otherwise.
  const firstAxis = first.axis ?? (second.axis === 'latitude' ? 'longitude' : 'latitude');
  const secondAxis = second.axis ?? (firstAxis === 'latitude' ? 'longitude' : 'latitude');
  if (firstAxis === secondAxis) throw new ValueError(EXPECTED, original);
  return firstAxis === 'latitude' ? checked(first.value, second.value, original) : checked(second.value, first.value, original);
}

/** One coordinate of the object form: a number, or a string in any single-coordinate notation. */
function component(value: unknown, axis: Axis, original: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') throw new ValueError(EXPECTED, original);
  const match = SINGLE.exec(normalise(value));
  if (!match) throw new ValueError(EXPECTED, original);
  const parsed = coordinate(match.slice(1, 1 + GROUPS), original);
  if (parsed.axis && parsed.axis !== axis) throw new ValueError(EXPECTED, original);
  return parsed.value;
}

function fromObject(object: Record<string, unknown>, original: unknown): Location {
  const { latitude, longitude, fullAddress } = object;
  if (fullAddress !== undefined && fullAddress !== null && typeof fullAddress !== 'string') throw new ValueError(EXPECTED, original);
  const address = typeof fullAddress === 'string' && fullAddress.trim() !== '' ? fullAddress : undefined;
  return checked(component(latitude, 'latitude', original), component(longitude, 'longitude', original), original, address);
}

/** `null` clears. */
export function toLocation(value: unknown): Location | null {
  if (isEmpty(value)) return null;
  if (isPlainObject(value)) return fromObject(value, value);
  if (typeof value !== 'string' || value.length > MAX_JSON) throw new ValueError(EXPECTED, value);
  const text = value.trim();
  if (text.startsWith('{')) {
    const parsed = parseJsonText(text, EXPECTED, value);
    if (!isPlainObject(parsed)) throw new ValueError(EXPECTED, value);
    return fromObject(parsed, value);
  }
  if (text.length > MAX_TEXT) throw new ValueError(EXPECTED, value);
  return fromPair(text, value);
}
