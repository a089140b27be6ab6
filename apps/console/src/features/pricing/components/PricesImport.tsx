import { useState } from 'react';
import { Alert, App, Button, Card, Space, Typography, Upload, type ButtonProps } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PricesImportReport } from '@shop/contract/console/pricing';
import { ApiError } from '../../../shared/api/client';
import { useShowError } from '../../../shared/ui/errors';
import { useImportPrices } from '../api/import-prices';
import { PricesReportView } from './PricesReportView';

/**
 * Imports a price points CSV: first a dry run showing what it creates and updates, or every problem by row and
 * column; then, confirmed, the import itself (all or nothing).
 */
export function PricesImport() {
  const { t } = useTranslation('pricing');
  const { modal, message } = App.useApp();
  const showError = useShowError();
  const importer = useImportPrices();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<PricesImportReport | null>(null);

  const check = async (picked: File) => {
    setReport(null);
    const csv = await picked.text();
    setFile({ name: picked.name, csv });
    importer.mutate({ csv, dryRun: true }, { onSuccess: setReport, onError: showError });
  };
  const confirmImport = () => {
    if (!file || !report) return;
    modal.confirm({
      title: t('import.confirmTitle'),
      content: t('import.confirmText', { created: report.summary.created, updated: report.summary.updated }),
      okText: t('import.apply'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () =>
        importer.mutateAsync({ csv: file.csv, dryRun: false }).then(
          (applied) => (setReport(applied), void message.success(t('import.done'))),
          (error: unknown) => {
            showError(error);
            // refused (prices changed since the check): check again, so the table shows each problem
            if (error instanceof ApiError && error.code === 400) importer.mutate({ csv: file.csv, dryRun: true }, { onSuccess: setReport, onError: showError });
          },
        ),
    });
  };

  return (
    <Card title={t('transfer.importTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Upload.Dragger
          accept=".csv,text/csv"
          showUploadList={false}
          multiple={false}
          beforeUpload={(picked) => {
            void check(picked);
            return false;
          }}
          data-testid="prices-import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('transfer.drop')}</p>
          <Typography.Text type="secondary">{t('transfer.dropHint')}</Typography.Text>
        </Upload.Dragger>
        {importer.isPending && !report && <Alert type="info" showIcon title={t('import.checking', { name: file?.name ?? '' })} />}
        {report && <PricesReportView report={report} fileName={file?.name ?? ''} />}
        {report?.valid && !report.applied && (
          <Button
            type="primary"
            onClick={confirmImport}
            disabled={report.summary.created === 0 && report.summary.updated === 0}
            loading={importer.isPending}
            data-testid="prices-import-confirm"
          >
            {t('import.apply')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
