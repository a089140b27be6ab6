import { Alert, Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import { useCan } from '../../../shared/auth/use-me';
import { ComputeAllPrices } from '../components/ComputeAllPrices';
import { RatesImport } from '../components/RatesImport';
import { RatesTable } from '../components/RatesTable';

/** The exchange rates the shop prices with, and (for catalogue writers) the import of a new rates table. */
export default function RatesPage() {
  const { t } = useTranslation('pricing');
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <RatesTable />
      </Col>
      <Col xs={24} xl={12}>
        {canWrite ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <RatesImport />
            <ComputeAllPrices />
          </Space>
        ) : (
          <Alert type="info" showIcon title={t('readOnly')} />
        )}
      </Col>
    </Row>
  );
}
