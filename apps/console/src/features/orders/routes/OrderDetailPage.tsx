import { Card, Result, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useOrderDetail } from '../api/order-detail';
import { OrderActions } from '../components/OrderActions';
import { OrderAlerts } from '../components/OrderAlerts';
import { OrderHeader } from '../components/OrderHeader';
import { OrderStatusTag } from '../components/OrderStatusTag';
import { OrderTabs } from '../components/OrderTabs';
import { orderSnTail } from '../lib/order-labels';

/** One order: header, actions (each confirmed), and tabs for items, history, payments, deliveries, refunds, vouchers. */
export default function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const detail = useOrderDetail(id);
  const back = (
    <Link to="/orders">
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (!Number.isSafeInteger(id) || id <= 0 || (detail.error instanceof ApiError && detail.error.code === 404)) {
    return <Result status="404" title={t('detail.notFound')} extra={back} />;
  }
  if (detail.isError) return <Result status="error" title={detail.error.message} extra={back} />;
  if (!detail.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const data = detail.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {back}
      <Card
        title={
          <Space>
            {t('detail.title', { tail: orderSnTail(data.order.orderSn) })}
            <OrderStatusTag status={data.order.status} />
          </Space>
        }
        extra={<OrderActions detail={data} reloading={detail.isFetching} onReload={() => void detail.refetch()} />}
      >
        <OrderAlerts detail={data} />
        <OrderHeader detail={data} />
      </Card>
      <Card>
        <OrderTabs detail={data} />
      </Card>
    </Space>
  );
}
