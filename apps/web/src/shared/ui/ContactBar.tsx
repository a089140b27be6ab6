import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getConfig } from '../config/runtime-config';

const LINKS = ['terms', 'privacy', 'refund', 'contact', 'tutorial'] as const;

/**
 * Service terms, privacy, refund, contact us and tutorial: addresses from the runtime configuration (spec section 2).
 * The shop's own pages (the tutorial is the voucher instructions unless the publisher has another one) open in the same
 * tab, under the shop's session; other sites in a new one.
 */
export function ContactBar() {
  const { t } = useTranslation();
  const { links } = getConfig();
  const shown = LINKS.filter((key) => links[key] && links[key] !== '#');
  const all = shown.length ? shown : LINKS;
  return (
    <footer className="shop-contact" data-testid="contact-bar">
      <ul className="shop-contact__list">
        {all.map((key) => (
          <li key={key}>
            {/^\/(?!\/)/.test(links[key]) ? (
              <Link to={links[key]} data-testid={`contact-${key}`}>
                {t(`contact.${key}`)}
              </Link>
            ) : (
              <a href={links[key]} target="_blank" rel="noopener noreferrer" data-testid={`contact-${key}`}>
                {t(`contact.${key}`)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </footer>
  );
}
