import { Input, Table, Tag, Typography } from 'antd';
import { Controller, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, SUPPORTED_LANGUAGES, type Language } from '@shop/contract/languages';

/** The form part the table edits: a name and a description per language. */
export interface LocalizedFields {
  names: Record<Language, string>;
  descs: Record<Language, string>;
}

/**
 * Names and descriptions in all 22 languages, one row each (every field is in the page, no hidden tabs), with a marker
 * per language; English is the one required name (the shop falls back to it).
 */
export function LanguageTable<T extends FieldValues & LocalizedFields>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('catalogue');
  const names = useWatch({ control, name: 'names' as FieldPath<T> }) as Record<string, string> | undefined;
  const descs = useWatch({ control, name: 'descs' as FieldPath<T> }) as Record<string, string> | undefined;
  const columns = [
    {
      title: t('languages.language'),
      key: 'language',
      width: 170,
      render: (_: unknown, language: Language) => (
        <span>
          <Typography.Text strong={language === 'en'}>{LANGUAGE_NATIVE_NAMES[language]}</Typography.Text> <Typography.Text type="secondary">{language}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('field.name'),
      key: 'name',
      render: (_: unknown, language: Language) => (
        <Controller
          control={control}
          name={`names.${language}` as FieldPath<T>}
          rules={language === 'en' ? { validate: (value: unknown) => (typeof value === 'string' && value.trim() !== '') || t('languages.englishRequired') } : {}}
          render={({ field, fieldState }) => (
            <>
              <Input {...field} value={(field.value as string) ?? ''} maxLength={200} status={fieldState.error ? 'error' : undefined} data-testid={`product-name-${language}`} />
              {fieldState.error && <Typography.Text type="danger">{fieldState.error.message}</Typography.Text>}
            </>
          )}
        />
      ),
    },
    {
      title: t('field.description'),
      key: 'desc',
      render: (_: unknown, language: Language) => (
        <Controller
          control={control}
          name={`descs.${language}` as FieldPath<T>}
          render={({ field }) => <Input.TextArea {...field} value={(field.value as string) ?? ''} maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} data-testid={`product-desc-${language}`} />}
        />
      ),
    },
    {
      title: t('languages.state'),
      key: 'state',
      width: 120,
      render: (_: unknown, language: Language) => {
        const hasName = Boolean(names?.[language]?.trim());
        const hasDesc = Boolean(descs?.[language]?.trim());
        if (hasName && hasDesc) return <Tag color="green">{t('languages.done')}</Tag>;
        if (hasName) return <Tag color="gold">{t('languages.noDescription')}</Tag>;
        return <Tag color={language === 'en' ? 'red' : 'default'}>{t('languages.missing')}</Tag>;
      },
    },
  ];
  return <Table<Language> rowKey={(language) => language} size="small" pagination={false} dataSource={[...SUPPORTED_LANGUAGES]} columns={columns} />;
}
