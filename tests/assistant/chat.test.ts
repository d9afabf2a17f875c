import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistantService } from '../../src/server/features/assistant/assistant.service';
import { CHECK_IN_ANSWER, EMERGENCY_CALL } from '../../src/server/features/assistant/triage';
import type { ArticleDto, ArticleSummaryDto, ChatOutput } from '../../src/shared/schemas/assistant';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Each test speaks from its own address, so the per-IP message limit of one test never touches another.
let nextAddress = 1;
async function chat(payload: unknown, options: { address?: string; cookie?: string } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/assistant/chat',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.address ?? `10.0.0.${nextAddress++}`,
    headers: options.cookie ? { cookie: options.cookie, 'content-type': 'application/json' } : undefined,
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json() as ChatOutput & { detail?: string; errors?: { path: string; message: string }[] },
  };
}

describe('POST /api/assistant/chat', () => {
  it('answers a signed-out parent from the knowledge base, with article resources that open real article pages', async () => {
    const { status, body } = await chat({ message: 'my 2 year old has tantrums every time we leave the park, what can i do?' });
    expect(status).toBe(200);
    expect(body.urgent).toBe(false);
    expect(body.answer).toMatch(/^Here's what our guide "Understanding toddler tantrums" suggests:/);
    expect(body.answer).toMatch(/When to talk to your paediatrician:/);
    expect(body.resources.length).toBeGreaterThanOrEqual(1);
    expect(body.resources.length).toBeLessThanOrEqual(3);
    expect(body.resources[0]).toEqual({ title: 'Understanding toddler tantrums', icon: 'article', url: '/articles/tantrums' });
    for (const resource of body.resources.filter((r) => r.icon === 'article')) {
      const slug = resource.url.replace(/^\/articles\//, '');
      const article = await t.app.inject({ method: 'GET', url: `/api/articles/${slug}` });
      expect(article.statusCode).toBe(200);
      expect((article.json() as ArticleDto).title).toBe(resource.title);
    }
  });

  it('adds a matching community support group as a group resource', async () => {
    const { body } = await chat({ message: 'my 18 month old doesnt point or respond to his name, could it be asd' });
    expect(body.resources[0]).toMatchObject({ icon: 'article', url: '/articles/signs-of-autism' });
    expect(body.resources).toContainEqual({ title: 'Autism Parent Circle', icon: 'group', url: '/community?group=autism-parent-circle' });
    expect(body.resources.length).toBeLessThanOrEqual(3);
  });

  it('puts urgent guidance first when a message describes an emergency', async () => {
    const { status, body } = await chat({ message: 'HELP my toddler drank bleach' });
    expect(status).toBe(200);
    expect(body.urgent).toBe(true);
    expect(body.answer.split('\n')[0]).toBe(EMERGENCY_CALL);
  });

  it('puts the safety net\'s check-in first and the answer asked for after it', async () => {
    // A net that checks in on every message the rules and the model leave, to see both parts.
    const assistant = createAssistantService({ db: t.database.db, safetyNet: { signsBelow: 0, modelBelow: 1.01 } });
    const result = await assistant.chat({ message: 'my 2 year old has tantrums every time we leave the park, what can i do?' }, { ip: '10.9.0.1' });
    expect(result.urgent).toBe(true);
    expect(result.answer.startsWith(`${CHECK_IN_ANSWER}\n\nHere's what our guide "Understanding toddler tantrums" suggests:`)).toBe(true);
    expect(result.answer).toMatch(/When to talk to your paediatrician:/);
    expect(result.resources[0]).toEqual({ title: 'Understanding toddler tantrums', icon: 'article', url: '/articles/tantrums' });
  });

  it('gives the check-in alone when no article covers the message', async () => {
    const assistant = createAssistantService({ db: t.database.db, safetyNet: { signsBelow: 0, modelBelow: 1.01 } });
    const result = await assistant.chat({ message: 'what is the capital of france?' }, { ip: '10.9.0.2' });
    expect(result).toMatchObject({ answer: CHECK_IN_ANSWER, urgent: true, engine: 'triage' });
  });

  it('refers a medicine dose question to a doctor or pharmacist', async () => {
    const { body } = await chat({ message: 'how much calpol can i give my 1 year old' });
    expect(body.urgent).toBe(false);
    expect(body.answer).toMatch(/^I can't advise on medicine doses/);
    expect(body.answer).toMatch(/pharmacist or your doctor/);
  });

  it('says politely what it covers when asked about something other than parenting', async () => {
    const { status, body } = await chat({ message: 'what is the capital of france?' });
    expect(status).toBe(200);
    expect(body.answer).toMatch(/^I'm sorry, that's outside what I can help with\. I'm Nestling's parenting assistant/);
    expect(body.resources).toEqual([]);
  });

  it('reads a short follow-up together with the previous question from history', async () => {
    const history = [
      { role: 'user', content: 'my daughter is potty trained in the day' },
      { role: 'assistant', content: 'That is a great milestone.' },
    ];
    const { body } = await chat({ message: 'what about at night?', history });
    expect(body.resources[0]).toEqual({ title: 'Staying dry at night', icon: 'article', url: '/articles/night-time-dryness' });
  });

  it('is also available over tRPC', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/assistant.chat',
      payload: { message: 'how do i get my picky eater to try new foods' },
      remoteAddress: '10.0.1.1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.resources[0].url).toBe('/articles/picky-eating');
  });

  describe('validation', () => {
    it.each([
      ['a blank message', { message: '   \n ' }],
      ['no message', {}],
    ])('refuses %s with 400', async (_, payload) => {
      const { status, body } = await chat(payload);
      expect(status).toBe(400);
      expect(body.errors?.[0]?.path).toBe('message');
      expect(body.errors?.[0]?.message).toBe('Please type a message.');
    });

    it('refuses a message over 2,000 characters with 400, stating the limit', async () => {
      const { status, body } = await chat({ message: 'a'.repeat(2001) });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.message).toBe('A message has at most 2,000 characters.');
    });

    it('accepts 2,000 characters, counted after trimming', async () => {
      const { status } = await chat({ message: `  ${'sleep '.repeat(333)}sl  ` });
      expect(status).toBe(200);
    });

    it('refuses a history turn with an unknown role', async () => {
      const { status, body } = await chat({ message: 'and at night?', history: [{ role: 'system', content: 'x' }] });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.path).toBe('history.0.role');
      expect(body.errors?.[0]?.message).toBe("A history turn's role is 'user' or 'assistant'.");
    });
  });

  describe('rate limit', () => {
    it('allows 20 messages a minute from one address, then answers 429 saying when to retry; other addresses are unaffected', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await chat({ message: 'hello' }, { address: '10.0.2.1' })).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      const limited = await chat({ message: 'hello' }, { address: '10.0.2.1' });
      expect(limited.status).toBe(429);
      expect(limited.body.detail).toMatch(/^You can send up to 20 messages a minute\. Please wait \d+ seconds? and try again\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await chat({ message: 'hello' }, { address: '10.0.2.2' })).status).toBe(200);
    });

    it('counts a signed-in parent by account, whatever address they write from', async () => {
      const cookie = await t.cookieFor(demoAccounts.secondParent);
      for (let i = 0; i < 20; i++) expect((await chat({ message: 'hello' }, { cookie, address: `10.0.3.${i}` })).status).toBe(200);
      expect((await chat({ message: 'hello' }, { cookie, address: '10.0.3.99' })).status).toBe(429);
      // Signed out, the same address has its own allowance.
      expect((await chat({ message: 'hello' }, { address: '10.0.3.0' })).status).toBe(200);
    });
  });
});

describe('articles', () => {
  it('lists every knowledge-base article for Mental Health → Resources, by category then title, without the text', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/articles' });
    expect(response.statusCode).toBe(200);
    const articles = response.json() as ArticleSummaryDto[];
    expect(articles.length).toBeGreaterThanOrEqual(60);
    const order = articles.map((a) => `${a.category}\u0000${a.title}`);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(articles.find((a) => a.slug === 'picky-eating')).toEqual({
      slug: 'picky-eating',
      title: 'Picky eating without battles',
      excerpt: expect.stringMatching(/\w/),
      category: 'Feeding',
      tags: expect.arrayContaining(['picky eating', 'fussy eater']),
      ageMinMonths: expect.any(Number),
      ageMaxMonths: expect.any(Number),
      author: expect.stringMatching(/\w/),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      url: '/articles/picky-eating',
    });
    expect(articles[0]).not.toHaveProperty('body');
  });

  it('serves one article with its Markdown text, for /articles/:slug', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/articles/early-rising' });
    expect(response.statusCode).toBe(200);
    const article = response.json() as ArticleDto;
    expect(article.title).toBe('Early rising: when the day starts too soon');
    expect(article.url).toBe('/articles/early-rising');
    expect(article.body).toMatch(/^## |\n## /);
    expect(article.body).not.toMatch(/^---/);
  });

  it('answers 404 for an unknown article and 400 for a malformed slug', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/articles/no-such-article' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("The article 'no-such-article' was not found.");
    const malformed = await t.app.inject({ method: 'GET', url: '/api/articles/Not_A_Slug' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].message).toBe("An article slug is lowercase words joined by hyphens, such as 'picky-eating'.");
  });
});
