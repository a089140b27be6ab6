import { useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSetProductPrices } from '../api/set-product-prices';
import { editsToPoints, withAmount, type EditIssue, type EditRow } from '../lib/bulk-edit';

interface Props {
  productId: number;
  /** null: closed; else the selected countries as the editor starts them. */
  rows: EditRow[] | null;
  onClose: () => void;
  /** After the prices were saved (the page clears its selection, as after the other actions). */
  onSaved: () => void;
}

/**
 * Sets the selected countries' prices by hand: amounts typed in major units of each row's currency (JPY and KRW
 * without decimals, KWD and BHD with three), converted exactly; all or nothing. One amount can be set on every row
 * when they share a currency.
 */
export function BulkEditDialog({ productId, rows, onClose, onSaved }: Props) {
  const { t } = useTranslation('pricing');
  return (
    <Modal open={rows !== null} title={t('edit.title', { count: rows?.length ?? 0 })} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {rows && <BulkEditor productId={productId} initial={rows} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function BulkEditor({ productId, initial, onClose, onSaved }: { productId: number; initial: EditRow[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('pricing');
  const { t: tApp } = useTranslation();
  const save = useSetProductPrices(productId);
  const [rows, setRows] = useState(initial);
  const [issues, setIssues] = useState<EditIssue[]>([]);
  const [all, setAll] = useState({ price: '', discount: '' });
  const oneCurrency = new Set(rows.map((row) => row.currency)).size === 1 ? rows[0]?.currency : undefined;
  const change = (regionCode: string, changes: Partial<EditRow>) => setRows((before) => before.map((row) => (row.regionCode === regionCode ? { ...row, ...changes } : row)));
  const issueOf = (regionCode: string, field: EditIssue['field']) => issues.find((issue) => issue.regionCode === regionCode && issue.field === field);
  const submit = () => {
    const checked = editsToPoints(rows);
    setIssues(checked.issues);
    if (checked.issues.length === 0) save.mutate(checked.points, { onSuccess: onSaved });
  };
  // the problem is written under its field, not only coloured: an operator fixing 40 rows sees each one
  const amountInput = (row: EditRow, field: 'price' | 'discount') => {
    const issue = issueOf(row.regionCode, field);
    return (
      <>
        <Input
          value={row[field]}
          onChange={(event) => change(row.regionCode, { [field]: event.target.value })}
          suffix={row.currency}
          status={issue ? 'error' : undefined}
          placeholder={field === 'discount' ? t('edit.noDiscount') : undefined}
          data-testid={`edit-${field}-${row.regionCode}`}
        />
        {issue && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`edit-problem-${field}-${row.regionCode}`}>
            {t(`amount.${issue.problem}`)}
          </Typography.Text>
        )}
      </>
    );
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('edit.hint')} />
      {oneCurrency && (
        <Space wrap>
          <Input value={all.price} onChange={(event) => setAll({ ...all, price: event.target.value })} placeholder={t('field.price')} suffix={oneCurrency} style={{ width: 160 }} data-testid="edit-all-price" />
          <Input value={all.discount} onChange={(event) => setAll({ ...all, discount: event.target.value })} placeholder={t('field.discountPrice')} suffix={oneCurrency} style={{ width: 160 }} />
          <Button onClick={() => setRows(withAmount(withAmount(rows, 'price', all.price), 'discount', all.discount))} disabled={all.price.trim() === ''} data-testid="edit-all-apply">
            {t('edit.setAll')}
          </Button>
        </Space>
      )}
      <Table<EditRow>
        rowKey="regionCode"
        size="small"
        dataSource={rows}
        pagination={false}
        scroll={{ y: 360 }}
        tableLayout="fixed"
        columns={[
          { title: t('field.country'), key: 'country', ellipsis: true, render: (_, row) => `${row.regionCode} · ${row.region}` },
          { title: t('field.price'), key: 'price', width: 200, render: (_, row) => amountInput(row, 'price') },
          { title: t('field.discountPrice'), key: 'discount', width: 200, render: (_, row) => amountInput(row, 'discount') },
          {
            title: t('field.taxIncluded'),
            key: 'tax',
            width: 110,
            render: (_, row) => <Checkbox checked={row.taxIncluded} onChange={(event) => change(row.regionCode, { taxIncluded: event.target.checked })} />,
          },
        ]}
      />
      {issues.length > 0 && <Alert type="error" showIcon title={t('edit.problems', { count: issues.length })} data-testid="edit-problems" />}
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{tApp('common.cancel')}</Button>
        <Button type="primary" onClick={submit} loading={save.isPending} data-testid="edit-save">
          {tApp('common.save')}
        </Button>
      </Space>
    </Space>
  );
}
