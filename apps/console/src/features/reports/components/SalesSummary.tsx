import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesReport } from '@shop/contract/console/reports';
import { formatAmount } from '../lib/report-format';
import { BaseFiguresCard } from './BaseFiguresCard';

const VALUE = { fontSize: 20 };

/**
 * The range's totals: all paid orders (a count adds up across currencies), then one card per currency (money never
 * does), and every currency's money in the base currency at the orders' frozen rates (which does). Each figure carries its raw value in `data-value` (minor units for money) for tests and scripts.
 */
export function SalesSummary({ report }: { report: SalesReport }) {
  const { t } = useTranslation('reports');
  const money = (minor: number, currency: string) => formatAmount(minor, currency, report.currencyDigits);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={6} xl={4}>
        <Card>
          <div data-testid="report-total-orders" data-value={report.orderCount}>
            <Statistic title={t('summary.allOrders')} value={report.orderCount} />
          </div>
        </Card>
      </Col>
      {report.totals.length === 0 && (
        <Col xs={24} md={18} xl={20}>
          <Card>
            <Empty description={t('summary.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          </Card>
        </Col>
      )}
      {report.totals.map((totals) => (
        <Col key={totals.currency} xs={24} md={9} xl={6} data-testid={`report-totals-${totals.currency}`}>
          <Card title={totals.currency} size="small">
            <Row gutter={[16, 8]}>
              <Col span={12}>
                <div data-testid={`report-total-gross-${totals.currency}`} data-value={totals.gross}>
                  <Statistic title={t('figures.gross')} value={money(totals.gross, totals.currency)} styles={{ content: VALUE }} />
                </div>
              </Col>
              <Col span={12}>
                <div data-testid={`report-total-refunds-${totals.currency}`} data-value={totals.refunds}>
                  <Statistic title={t('figures.refunds')} value={money(totals.refunds, totals.currency)} styles={{ content: totals.refunds ? { ...VALUE, color: '#cf1322' } : VALUE }} />
                </div>
                <Typography.Text type="secondary">{t('summary.refundCount', { count: totals.refundCount })}</Typography.Text>
              </Col>
              <Col span={12}>
                <div data-testid={`report-total-net-${totals.currency}`} data-value={totals.net}>
                  <Statistic title={t('figures.net')} value={money(totals.net, totals.currency)} styles={{ content: VALUE }} />
                </div>
              </Col>
              <Col span={12}>
                <div data-testid={`report-total-orders-${totals.currency}`} data-value={totals.orders}>
                  <Statistic title={t('figures.orders')} value={totals.orders} styles={{ content: VALUE }} />
                </div>
              </Col>
            </Row>
            <Typography.Text type="secondary">
              {t('summary.details', { free: totals.freeOrders, vouchers: totals.vouchersCredited.toLocaleString() })}
            </Typography.Text>
          </Card>
        </Col>
      ))}
      {report.totals.length > 0 && (
        <Col xs={24} md={18} xl={12}>
          <BaseFiguresCard figures={report.baseTotals} digits={report.currencyDigits} testId="report-base-totals" />
        </Col>
      )}
    </Row>
  );
}
