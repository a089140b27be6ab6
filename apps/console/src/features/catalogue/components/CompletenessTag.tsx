import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@shop/contract/languages';

/** The completeness marker: how many of the 22 languages have a name (and a description), the missing ones on hover. */
export function CompletenessTag({ missingNames, missingDescs }: { missingNames: readonly string[]; missingDescs?: readonly string[] }) {
  const { t } = useTranslation('catalogue');
  const total = SUPPORTED_LANGUAGES.length;
  const complete = missingNames.length === 0 && (missingDescs?.length ?? 0) === 0;
  const title = complete ? t('languages.complete') : (
    <div>
      {missingNames.length > 0 && <div>{t('languages.missingNames', { list: missingNames.join(', ') })}</div>}
      {missingDescs && missingDescs.length > 0 && <div>{t('languages.missingDescs', { list: missingDescs.join(', ') })}</div>}
    </div>
  );
  return (
    <Tooltip title={title}>
      <Tag color={complete ? 'green' : missingNames.length > total / 2 ? 'orange' : 'gold'} data-testid="completeness">
        {t('languages.count', { done: total - missingNames.length, total })}
      </Tag>
    </Tooltip>
  );
}
