import type { FastifyInstance } from 'fastify';
import { sendPage } from '../shared/page.ts';

/**
 * The publisher's own website, which the shop's contact bar links to (terms, privacy, refund policy, contact). In
 * production `LINK_*` point at the real pages; outside it the bar lands here instead of on a dead link.
 */
export const PUBLISHER_PAGES = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  contact: 'Contact Us',
} as const;

export async function publisherPlugin(app: FastifyInstance): Promise<void> {
  for (const [page, title] of Object.entries(PUBLISHER_PAGES)) {
    app.get(`/publisher/${page}`, async (_request, reply) =>
      sendPage(reply, 200, {
        provider: "Publisher's website (sandbox)",
        accent: '#344054',
        heading: title,
        message: {
          text:
            `This page stands in for the publisher's ${title.toLowerCase()}. ` +
            `In production the shop's contact bar links to the address set in LINK_${page.toUpperCase()}.`,
          tone: 'info',
        },
      }),
    );
  }
}
