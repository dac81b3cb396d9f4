// The run's secrets (conformance/src/secrets.ts) and the curl lines built with them (curl.ts): every
// known value is masked in text and JSON, harvested credentials included, and a curl line names each
// secret by the shell expression that yields it, so it runs as printed (bash evaluates it here).
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../src/curl.js';
import { runSecrets, Secrets, withSecrets } from '../src/secrets.js';

/** What bash makes of the words after `printf '%s\n'`: each word as the shell gives it back. */
function shellWords(words: string, env: Record<string, string>): string {
  return execFileSync('bash', ['-c', `printf '%s' ${words}`], { encoding: 'utf8', env: { ...process.env, ...env } });
}

describe('Secrets', () => {
  const secrets = runSecrets({ token: 'Arch-token-123456', readerToken: 'tok', account: { token: 'app-secret-value', region: 'eu' }, baseUrl: 'http://u:p%40ss-word@h:1' });

  it('masks each value by its name: tokens as their variable, account values, a password in the base URL', () => {
    expect(secrets.mask('Token Arch-token-123456 and Token tok')).toBe('Token $SVC_TOKEN and Token $SVC_READER_TOKEN');
    expect(secrets.mask('{"account":{"token":"app-secret-value","region":"eu"}}')).toBe('{"account":$SVC_APP_ACCOUNT}');
    expect(secrets.mask('the token app-secret-value')).toBe('the token <account token>');
    expect(secrets.mask('p@ss-word and p%40ss-word')).toBe('<password> and <password>');
  });

  it('masks a short value only where it stands alone, and an encoded value as well', () => {
    expect(secrets.mask('token tokens tok.')).toBe('token tokens $SVC_READER_TOKEN.');
    expect(secrets.mask('a=Arch-token-123456&b=eu')).toBe('a=$SVC_TOKEN&b=eu');
    const quoted = new Secrets().add('a"b\\c-long-secret', { label: '<s>' });
    expect(quoted.mask(JSON.stringify({ v: 'a"b\\c-long-secret' }))).toBe('{"v":"<s>"}');
  });

  it('masks every string of a JSON value, keys included, and leaves the rest as it is', () => {
    expect(secrets.maskJson({ n: 1, list: ['Arch-token-123456', null], ['Arch-token-123456']: true })).toEqual({ n: 1, list: ['$SVC_TOKEN', null], $SVC_TOKEN: true });
  });

  it('learns webhook secrets and OAuth tokens from exchanges, not document secrets or short values', () => {
    const learnt = new Secrets();
    learnt.harvest({ request: { url: 'http://h/api/webhooks/v2' }, response: { text: '{"id":1,"secret":"whsec_abcdefgh"}', json: { id: 1, secret: 'whsec_abcdefgh' } } });
    learnt.harvest({ request: { url: 'http://h/oauth2/v1/access_token', body: '{"fields":{"refresh_token":"refresh-123456789"}}' }, response: { text: '{"access_token":"x"}', json: { access_token: 'x' } } });
    learnt.harvest({ request: { url: 'http://h/api/documents/commands' }, response: { text: '{"secret":"3b0c7a1e-9f1d"}', json: { secret: '3b0c7a1e-9f1d' } } });
    expect(learnt.mask('whsec_abcdefgh refresh-123456789 x 3b0c7a1e-9f1d')).toBe('<webhook secret> <refresh_token> x 3b0c7a1e-9f1d');
  });
});

describe('toCurl with the run secrets', () => {
  const secrets = runSecrets({ token: "Arch-'quoted'-token", account: { token: 'app-secret-value' } });
  const env = { SVC_TOKEN: "Arch-'quoted'-token", SVC_APP_ACCOUNT: '{"token":"app-secret-value"}' };

  it('writes no secret, and the shell gives back the exact header and body', () => {
    const line = withSecrets(secrets, () =>
      toCurl({ method: 'POST', url: 'http://h/x?t=app-secret-value', headers: { Authorization: "Token Arch-'quoted'-token", 'Content-Type': 'application/json' }, body: '{"account":{"token":"app-secret-value"},"x":"app-secret-value\\n"}' }),
    );
    expect(line).not.toContain('quoted');
    expect(line).not.toContain('app-secret-value');
    expect(line).toContain(`-H 'Authorization: Token '"$SVC_TOKEN"`);
    const words = line.slice(line.indexOf('-H ') + 3).split(' -H ')[0] as string;
    expect(shellWords(words, env)).toBe("Authorization: Token Arch-'quoted'-token");
    const body = line.slice(line.indexOf('--data-raw ') + '--data-raw '.length);
    expect(shellWords(body, env)).toBe('{"account":{"token":"app-secret-value"},"x":"app-secret-value\\n"}');
  });

  it('keeps any body exact with secrets in it, NUL bytes and control characters included', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('app-secret-value', "Arch-'quoted'-token", '\u0000', '\n', "'")), { maxLength: 6 }), (pieces) => {
        const body = pieces.join('');
        const line = toCurl({ method: 'POST', url: 'http://h/x', headers: { 'Content-Type': 'text/plain' }, body }, secrets);
        expect(line.includes('app-secret-value') || line.includes('quoted')).toBe(false);
        if (body.includes('\u0000')) {
          const printf = line.slice(0, line.indexOf(' | curl '));
          const bytes = execFileSync('bash', ['-c', printf], { env: { ...process.env, ...env } });
          expect(bytes.toString('utf8')).toBe(body);
        } else {
          expect(shellWords(line.slice(line.indexOf('--data-raw ') + '--data-raw '.length), env)).toBe(body);
        }
      }),
      { numRuns: 60, seed: 20 },
    );
  });
});
