import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ThirdChannelName, type ThirdChannelNameValue } from '@shop/contract/orders.schema';
import { TAX_MODELS } from '@shop/contract/pricing';
import type { CountryPricingView } from '@shop/contract/console/pricing';
import { useUpdateCountry } from '../api/update-country';
import { countryToForm, formToBody, type CountryFormValues } from '../lib/country-form';

interface Props {
  /** null: closed. */
  country: CountryPricingView | null;
  onClose: () => void;
}

/**
 * Edits a country's currency, tax model and rate (percent with two decimals), and the providers that charge its local
 * prices: "all that can" charge the currency, or a chosen list. The providers charging now are shown as they are.
 */
export function CountryDialog({ country, onClose }: Props) {
  const { t } = useTranslation('pricing');
  return (
    <Modal open={country !== null} title={country && t('countries.editTitle', { country: country.region, code: country.regionCode })} onCancel={onClose} footer={null} width={600} destroyOnHidden>
      {country && <CountryForm key={country.regionCode} country={country} onClose={onClose} />}
    </Modal>
  );
}

function CountryForm({ country, onClose }: { country: CountryPricingView; onClose: () => void }) {
  const { t } = useTranslation('pricing');
  const { t: tApp } = useTranslation();
  const update = useUpdateCountry();
  const [values, setValues] = useState<CountryFormValues>(() => countryToForm(country));
  const [taxProblem, setTaxProblem] = useState<string | null>(null);
  const change = (changes: Partial<CountryFormValues>) => setValues((before) => ({ ...before, ...changes }));
  const save = () => {
    const checked = formToBody(values);
    setTaxProblem(checked.problem ? t(`amount.${checked.problem}`) : null);
    if (checked.body) update.mutate({ regionCode: country.regionCode, body: checked.body }, { onSuccess: onClose });
  };

  return (
    <Form layout="vertical" onFinish={save}>
      <Form.Item label={t('field.currency')} help={t('countries.currencyHint')}>
        <Input value={values.currency} onChange={(event) => change({ currency: event.target.value.toUpperCase() })} maxLength={3} style={{ width: 100 }} data-testid="country-currency" />
      </Form.Item>
      <Form.Item label={t('field.taxModel')}>
        <Radio.Group
          value={values.taxModel}
          onChange={(event) => change({ taxModel: event.target.value })}
          options={TAX_MODELS.map((model) => ({ value: model, label: t(`taxModel.${model}`) }))}
          data-testid="country-tax-model"
        />
      </Form.Item>
      <Form.Item label={t('field.taxRate')} validateStatus={taxProblem ? 'error' : undefined} help={taxProblem ?? t('countries.taxRateHint')}>
        <Input
          value={values.taxModel === 'none' ? '0.00' : values.taxPercent}
          onChange={(event) => change({ taxPercent: event.target.value })}
          disabled={values.taxModel === 'none'}
          suffix="%"
          style={{ width: 140 }}
          data-testid="country-tax-rate"
        />
      </Form.Item>
      <Form.Item label={t('field.localProviders')} help={t('countries.providersHint')}>
        <Radio.Group
          value={values.allProviders}
          onChange={(event) => change({ allProviders: event.target.value })}
          options={[
            { value: true, label: t('countries.allThatCan') },
            { value: false, label: t('countries.onlyThese') },
          ]}
          data-testid="country-all-providers"
        />
        <Checkbox.Group
          value={values.providers}
          onChange={(providers) => change({ providers: providers as ThirdChannelNameValue[] })}
          disabled={values.allProviders}
          options={ThirdChannelName.options.map((provider) => ({ value: provider, label: provider }))}
          style={{ marginTop: 8 }}
          data-testid="country-providers"
        />
      </Form.Item>
      <Form.Item label={t('field.chargingProviders')}>
        {country.chargingProviders.length ? country.chargingProviders.map((provider) => <Tag key={provider} color="green">{provider}</Tag>) : t('countries.basePriceOnly')}
      </Form.Item>
      <Alert type="info" showIcon title={t('countries.noRecompute')} style={{ marginBottom: 16 }} />
      {update.isError && <Alert type="error" showIcon title={update.error.message} style={{ marginBottom: 16 }} />}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{tApp('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="country-save">
          {tApp('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
