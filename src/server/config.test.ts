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

describe('loadConfig: images', () => {
  it('keeps images under DATA_DIR by default, with 50 uploads a day and 600 downloads a minute per address', () => {
    expect(loadConfig({ DATA_DIR: '/srv/nestling' })).toMatchObject({
      imageStore: { kind: 'filesystem', directory: '/srv/nestling/images' },
      uploadDailyLimit: 50,
      imageRequestsPerMinute: 600,
    });
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set', () => {
    const config = loadConfig({ S3_BUCKET: 'nestling-images', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(config.imageStore).toEqual({
      kind: 's3',
      bucket: 'nestling-images',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ S3_BUCKET: 'nestling-images', S3_REGION: 'eu-west-1' }).imageStore).toMatchObject({ endpoint: undefined, region: 'eu-west-1', credentials: undefined });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT: is used only with S3_BUCKET'],
    [{ S3_ACCESS_KEY_ID: 'id' }, 'S3_ACCESS_KEY_ID: is used only with S3_BUCKET'],
    [{ S3_BUCKET: 'nestling-images' }, 'S3_REGION: must be set when S3_BUCKET is set without S3_ENDPOINT'],
    [{ S3_BUCKET: 'nestling-images', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY: must be set too'],
    [{ S3_BUCKET: 'Nestling_Images', S3_REGION: 'eu-west-1' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_BUCKET: 'nestling-images', S3_ENDPOINT: 'ftp://files.example' }, 'S3_ENDPOINT: must be an http(s) URL'],
    [{ UPLOAD_DAILY_LIMIT: '0' }, 'UPLOAD_DAILY_LIMIT:'],
    [{ IMAGE_REQUESTS_PER_MINUTE: 'lots' }, 'IMAGE_REQUESTS_PER_MINUTE:'],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig: bookings', () => {
  it('lets a parent have 3 requests waiting per teacher and 10 in all by default, each waiting at most 48 hours', () => {
    expect(loadConfig({}).bookingLimits).toEqual({ maxPendingPerTeacher: 3, maxPending: 10, pendingTtlHours: 48 });
    expect(loadConfig({ BOOKING_MAX_PENDING_PER_TEACHER: '5', BOOKING_MAX_PENDING: '20', BOOKING_PENDING_TTL_HOURS: '24' }).bookingLimits).toEqual({
      maxPendingPerTeacher: 5,
      maxPending: 20,
      pendingTtlHours: 24,
    });
  });

  it.each(['BOOKING_MAX_PENDING_PER_TEACHER', 'BOOKING_MAX_PENDING', 'BOOKING_PENDING_TTL_HOURS'])('refuses %s=0, naming the variable', (name) => {
    expect(() => loadConfig({ [name]: '0' })).toThrow(`${name}:`);
  });
});
