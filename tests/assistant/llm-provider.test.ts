import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createAssistantService, SYSTEM_PROMPT } from '../../src/server/features/assistant/assistant.service';
import { createOpenAiCompatibleProvider, DEFAULT_LLM_TIMEOUT_MS, LlmError } from '../../src/server/features/assistant/llm-provider';
import { EMERGENCY_CALL } from '../../src/server/features/assistant/triage';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A local stand-in for an OpenAI-compatible server; each test says how it answers. */
interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}
let server: Server;
let baseUrl: string;
let received: Received[] = [];
let respond: (res: ServerResponse) => void;

const completion = (content: unknown) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
};
const never = () => undefined;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  server.closeAllConnections();
});

const provider = (timeoutMs?: number) => createOpenAiCompatibleProvider({ baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs });

describe('OpenAI-compatible provider', () => {
  it('posts the messages to {baseUrl}/chat/completions with the key and model, and returns the answer text', async () => {
    respond = completion('  Try a calm bedtime routine.  ');
    const answer = await provider().complete([{ role: 'user', content: 'bedtime help' }]);
    expect(answer).toBe('Try a calm bedtime routine.');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      body: { model: 'test-model', messages: [{ role: 'user', content: 'bedtime help' }] },
    });
  });

  it('waits 15 seconds by default', () => {
    expect(DEFAULT_LLM_TIMEOUT_MS).toBe(15_000);
  });

  it('gives up after its timeout', async () => {
    respond = never;
    await expect(provider(200).complete([{ role: 'user', content: 'hi' }])).rejects.toThrow(new LlmError('The language model did not answer within 200 ms.'));
  });

  it.each([
    ['an HTTP error', (res: ServerResponse) => res.writeHead(503).end('overloaded'), 'The language model answered HTTP 503.'],
    ['a body that is not JSON', (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>'), /could not be reached or sent something other than JSON/],
    ['no choices', (res: ServerResponse) => res.writeHead(200).end('{"choices":[]}'), 'The language model sent no answer text.'],
    ['empty content', completion('   '), 'The language model sent no answer text.'],
    ['content that is not text', completion(null), 'The language model sent no answer text.'],
  ])('fails with LlmError on %s', async (_, handler, message) => {
    respond = handler;
    const attempt = provider().complete([{ role: 'user', content: 'hi' }]);
    await expect(attempt).rejects.toBeInstanceOf(LlmError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('fails with LlmError when nothing listens', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise((resolve) => spare.close(resolve));
    const closed = createOpenAiCompatibleProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'k', model: 'm' });
    await expect(closed.complete([{ role: 'user', content: 'hi' }])).rejects.toThrow(/could not be reached/);
  });
});

describe('the assistant with a language model configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ASSISTANT_LLM_BASE_URL: baseUrl, ASSISTANT_LLM_API_KEY: 'test-key', ASSISTANT_LLM_MODEL: 'test-model' } });
  });
  afterAll(() => t?.close());

  let address = 1;
  const chat = async (payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/assistant/chat', payload, remoteAddress: `10.1.0.${address++}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { answer: string; resources: { title: string; icon: string; url: string }[]; urgent: boolean };
  };

  it('answers with the model, grounded in the retrieved passages, while resources still come from retrieval', async () => {
    respond = completion('Picky eating is common. Keep offering small portions alongside foods they like.');
    const body = await chat({
      message: 'my toddler only eats beige food, how do i get her to try new things',
      history: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello! How can I help?' },
      ],
    });
    expect(body.answer).toBe('Picky eating is common. Keep offering small portions alongside foods they like.');
    expect(body.resources[0]).toEqual({ title: 'Picky eating without battles', icon: 'article', url: '/articles/picky-eating' });

    const { messages } = received[0]!.body;
    expect(messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(messages[1]!.role).toBe('system');
    expect(messages[1]!.content).toMatch(/^Reference passages from Nestling's articles:\n\n\[1\] Picky eating without battles\n/);
    expect(messages[1]!.content).toMatch(/When to talk to your paediatrician:/);
    expect(messages.slice(2)).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello! How can I help?' },
      { role: 'user', content: 'my toddler only eats beige food, how do i get her to try new things' },
    ]);
  });

  it('forbids diagnosis and dosing in the system prompt', () => {
    expect(SYSTEM_PROMPT).toMatch(/Never diagnose/);
    expect(SYSTEM_PROMPT).toMatch(/Never give medicine doses/);
    expect(SYSTEM_PROMPT).toMatch(/911 \/ 999 \/ 112/);
  });

  it('triages before the model: an emergency never reaches it', async () => {
    respond = completion('should not be used');
    const body = await chat({ message: 'my son swallowed a button battery' });
    expect(body.urgent).toBe(true);
    expect(body.answer.split('\n')[0]).toBe(EMERGENCY_CALL);
    expect(received).toHaveLength(0);
  });

  it('falls back to the built-in answer when the model fails', async () => {
    respond = (res) => res.writeHead(500).end();
    const body = await chat({ message: 'how do i know if my child is ready for potty training' });
    expect(body.answer).toMatch(/^Here's what our guide "Is my child ready for toilet training\?" suggests:/);
    expect(received).toHaveLength(1);
  });

  it('falls back to the built-in answer when the model gives a medicine amount anyway', async () => {
    respond = completion('Give 5 ml of paracetamol.');
    const body = await chat({ message: 'my 3 year old has a temperature of 38, what should i watch for' });
    expect(body.answer).toMatch(/^Here's what our guide "Fever in children: what to watch for" suggests:/);
  });

  it('falls back to the built-in answer when the model times out', async () => {
    respond = never;
    const message = 'how many naps should a 14 month old be having';
    const builtIn = await createAssistantService({ db: t.database.db }).chat({ message }, { ip: 'a' });
    const withModel = await createAssistantService({ db: t.database.db, llm: provider(200) }).chat({ message }, { ip: 'a' });
    expect(withModel).toEqual({ ...builtIn, llmFailure: 'The language model did not answer within 200 ms.' });
  });
});

describe('ASSISTANT_LLM_* configuration', () => {
  const all = { ASSISTANT_LLM_BASE_URL: 'https://llm.example.com/v1', ASSISTANT_LLM_API_KEY: 'sk-test', ASSISTANT_LLM_MODEL: 'small-model' };

  it('enables the model only when all three are set', () => {
    expect(loadConfig(all).assistantLlm).toEqual({ baseUrl: 'https://llm.example.com/v1', apiKey: 'sk-test', model: 'small-model' });
    expect(loadConfig({}).assistantLlm).toBeUndefined();
    expect(loadConfig({ ASSISTANT_LLM_BASE_URL: '', ASSISTANT_LLM_API_KEY: '', ASSISTANT_LLM_MODEL: '' }).assistantLlm).toBeUndefined();
  });

  it('refuses to start with only some of them, naming the missing ones', () => {
    expect(() => loadConfig({ ASSISTANT_LLM_BASE_URL: all.ASSISTANT_LLM_BASE_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ ASSISTANT_LLM_BASE_URL: all.ASSISTANT_LLM_BASE_URL })).toThrow(
      /ASSISTANT_LLM_API_KEY: must be set too.*\n.*ASSISTANT_LLM_MODEL: must be set too/,
    );
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => loadConfig({ ...all, ASSISTANT_LLM_BASE_URL: 'ftp://llm.example.com' })).toThrow(/ASSISTANT_LLM_BASE_URL: must be an http\(s\) URL/);
  });
});
