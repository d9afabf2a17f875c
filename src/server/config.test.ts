import { describe, expect, it } from 'vitest';
import { listenNotice, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', publicOrigin: 'http://localhost:3000', sessionTtlDays: 30, databaseUrl: undefined });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('listens on this machine only with the embedded demo database, and everywhere with PostgreSQL, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.internal/nestling' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.0.0.5', DATABASE_URL: 'postgres://db.internal/nestling' }).host).toBe('10.0.0.5');
  });

  it('says at start-up where the embedded demo database listens, and how to expose it', () => {
    expect(listenNotice(loadConfig({}))).toEqual({ level: 'info', message: expect.stringMatching(/listening on 127\.0\.0\.1 only.*set HOST=0\.0\.0\.0/) });
    expect(listenNotice(loadConfig({ HOST: '0.0.0.0' }))).toEqual({ level: 'warn', message: expect.stringMatching(/published demo passwords/) });
    expect(listenNotice(loadConfig({ DATABASE_URL: 'postgres://db.internal/nestling' }))).toBeUndefined();
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
