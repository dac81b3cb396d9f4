// Headless Chromium for the browser tests: Debian's `chromium` (/usr/bin/chromium, or
// SVC_CHROMIUM_PATH) driven through playwright-core. Without it the browser tests skip, unless
// SVC_REQUIRE_CHROMIUM=1 (CI, which installs it) makes that a failure.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.SVC_CHROMIUM_PATH || '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const REQUIRE_CHROMIUM = process.env.SVC_REQUIRE_CHROMIUM === '1';
export const SKIP_REASON = `${CHROMIUM} is missing: install Debian's chromium package (set SVC_REQUIRE_CHROMIUM=1 to fail instead of skipping)`;
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium; undefined when it is missing and not required (the caller skips), an error when required. */
export async function launchChromium(): Promise<Browser | undefined> {
  if (!HAVE_CHROMIUM) {
    if (REQUIRE_CHROMIUM) throw new Error(`SVC_REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing: install Debian's chromium package (.ci/run does).`);
    return undefined;
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
