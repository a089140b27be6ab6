import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { AuditEntry } from '@shop/contract/console/access';
import { formatDateTime } from '../../../shared/ui/format';
import { actionKey, entityPath } from '../lib/audit-filters';

/** The log's columns: when, who, the action (its name and its code), the thing (a link when it has a page) and the address. */
export function auditColumns(t: TFunction<'audit'>): ColumnsType<AuditEntry> {
  return [
    { title: t('when'), key: 'when', width: 170, render: (_, row) => formatDateTime(row.createdAt) },
    { title: t('actor'), dataIndex: 'actor', key: 'actor' },
    {
      title: t('action'),
      dataIndex: 'action',
      key: 'action',
      render: (action: string) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="audit-action-label">{t(actionKey(action), { defaultValue: action })}</span>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {action}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('entity'),
      key: 'entity',
      render: (_, row) => {
        const text = `${t(`entities.${row.entityType}`, { defaultValue: row.entityType })} #${row.entityId}`;
        const path = entityPath(row.entityType, row.entityId);
        return path ? <Link to={path}>{text}</Link> : text;
      },
    },
    { title: t('ip'), dataIndex: 'ip', key: 'ip' },
  ];
}
