import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BaseFigures } from '@shop/contract/console/reports';
import { formatAmount } from '../lib/report-format';

const VALUE = { fontSize: 20 };
const FIGURES = ['gross', 'refunds', 'net'] as const;

/**
 * Money of every currency together in the base currency (USD at each order's frozen rate): the one figure that adds
 * up across currencies, shown beside the per-currency cards. With `previous`, each figure names the previous period's.
 * Each figure carries its raw value (minor units) in `data-value` for tests and scripts.
 */
export function BaseFiguresCard({ figures, previous, digits, testId }: { figures: BaseFigures; previous?: BaseFigures; digits: Record<string, number>; testId: string }) {
  const { t } = useTranslation('reports');
  const money = (minor: number) => formatAmount(minor, figures.currency, digits);
  return (
    <Card title={t('base.title', { currency: figures.currency })} size="small" data-testid={testId}>
      <Row gutter={[16, 8]}>
        {FIGURES.map((figure) => (
          <Col span={8} key={figure}>
            <div data-testid={`${testId}-${figure}`} data-value={figures[figure]}>
              <Statistic
                title={t(`figures.${figure}`)}
                value={money(figures[figure])}
                styles={{ content: figure === 'refunds' && figures.refunds ? { ...VALUE, color: '#cf1322' } : VALUE }}
              />
            </div>
            {previous && <Typography.Text type="secondary">{t('base.previous', { amount: money(previous[figure]) })}</Typography.Text>}
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary">{t('base.note')}</Typography.Text>
    </Card>
  );
}
