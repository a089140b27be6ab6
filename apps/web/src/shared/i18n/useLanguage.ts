import type { Language } from '@shop/contract/languages';
import { useClientStore } from '../store/client-store';
import { getLanguage } from './language';

/** The active UI language, re-rendering when it is switched. */
export const useLanguage = (): Language => useClientStore((state) => state.language) ?? getLanguage();
