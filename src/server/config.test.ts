import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: './data', publicOrigin: 'http://localhost:3000', sessionTtlDays: 30, databaseUrl: undefined });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('takes PASSWORD_HASH_CONCURRENCY as a whole number from 1, and leaves it to the machine when unset', () => {
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).passwordHashConcurrency).toBe(3);
    expect(loadConfig({}).passwordHashConcurrency).toBeUndefined();
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY:/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_ORIGIN', 'not a url'],
    ['PUBLIC_ORIGIN', 'https://app.example.com/'],
    ['SESSION_TTL_DAYS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['TZ', 'Mars/Olympus_Mons'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}:`));
  });

  it('marks cookies Secure only for an https origin', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://nestling.example' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000' }).secureCookies).toBe(false);
  });
});
