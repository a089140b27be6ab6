import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_CODES } from '@shop/contract/orders.schema';
import { useOrderFilters } from '../api/order-filters';
import type { FilterForm } from '../lib/order-search';

interface Props {
  initial: FilterForm;
  onSubmit: (values: FilterForm) => void;
  onReset: () => void;
}

/** The order search's filters: player, role, transaction, statuses, provider, game and creation time. */
export function OrderFilters({ initial, onSubmit, onReset }: Props) {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const filters = useOrderFilters();
  const text = (name: 'player' | 'role' | 'transactionId', maxLength: number, testId: string) => (
    <Col xs={24} md={8}>
      <Form.Item name={name} label={t(`filter.${name}`)}>
        <Input allowClear maxLength={maxLength} placeholder={t(`filter.${name}Hint`)} data-testid={testId} />
      </Form.Item>
    </Col>
  );
  return (
    <Form<FilterForm> layout="vertical" initialValues={initial} onFinish={onSubmit} style={{ marginTop: 12 }}>
      <Row gutter={16}>
        {text('player', 254, 'order-filter-player')}
        {text('role', 100, 'order-filter-role')}
        {text('transactionId', 200, 'order-filter-transaction')}
        <Col xs={24} md={8}>
          <Form.Item name="status" label={t('field.status')}>
            <Select mode="multiple" allowClear data-testid="order-filter-status" options={ORDER_STATUS_CODES.map((code) => ({ value: code, label: `${t(`status.${code}`)} (${code})` }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="provider" label={t('field.provider')}>
            <Select
              allowClear
              data-testid="order-filter-provider"
              options={(filters.data?.providers ?? []).map((provider) => ({ value: provider, label: t(`provider.${provider}`, { defaultValue: provider }) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="appId" label={t('field.game')}>
            <Select allowClear data-testid="order-filter-game" options={(filters.data?.games ?? []).map((game) => ({ value: game.appId, label: game.name }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="created" label={t('filter.created')}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="order-filter-submit">
          {tApp('common.search')}
        </Button>
        <Button onClick={onReset}>{tApp('common.reset')}</Button>
      </Space>
    </Form>
  );
}
