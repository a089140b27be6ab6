import { Alert, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import { useCan } from '../../../shared/auth/use-me';
import { PricesExport } from '../components/PricesExport';
import { PricesImport } from '../components/PricesImport';

/** The price points CSV: export (all games or one) and import with a dry run first (like the catalogue's transfer page). */
export default function PricesTransferPage() {
  const { t } = useTranslation('pricing');
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={8}>
        <PricesExport />
      </Col>
      <Col xs={24} xl={16}>{canWrite ? <PricesImport /> : <Alert type="info" showIcon title={t('readOnly')} />}</Col>
    </Row>
  );
}
