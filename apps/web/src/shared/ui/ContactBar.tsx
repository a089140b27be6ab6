import { useTranslation } from 'react-i18next';
import { getConfig } from '../config/runtime-config';

const LINKS = ['terms', 'privacy', 'refund', 'contact', 'tutorial'] as const;

/** Service terms, privacy, refund, contact us and tutorial: addresses from the runtime configuration (spec section 2). */
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
            <a href={links[key]} target="_blank" rel="noopener noreferrer" data-testid={`contact-${key}`}>
              {t(`contact.${key}`)}
            </a>
          </li>
        ))}
      </ul>
    </footer>
  );
}
