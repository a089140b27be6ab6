import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { publisherPlugin, PUBLISHER_PAGES } from './index.ts';

describe("the publisher's website stand-in", () => {
  it('serves the pages the contact bar links to, naming the setting that replaces each', async () => {
    const app = Fastify();
    await app.register(publisherPlugin);
    for (const [page, title] of Object.entries(PUBLISHER_PAGES)) {
      const answer = await app.inject({ method: 'GET', url: `/publisher/${page}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.body).toContain(title);
      expect(answer.body).toContain(`LINK_${page.toUpperCase()}`);
    }
    expect((await app.inject({ method: 'GET', url: '/publisher/nope' })).statusCode).toBe(404);
    await app.close();
  });
});
