import { useState } from 'react';
import { Alert, App, Button, Card, Col, Row, Space, Typography, Upload, type ButtonProps } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { ImportReport } from '@shop/contract/console/catalogue';
import { ApiError } from '../../../shared/api/client';
import { useCan } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { useExportCatalogue } from '../api/export-catalogue';
import { useImportCatalogue } from '../api/import-catalogue';
import { GameSelect } from '../components/GameSelect';
import { ImportReportView } from '../components/ImportReportView';

/**
 * The catalogue document: export (all games or one) as a JSON file, and import a file: first a dry run that shows what
 * would be created and updated, or every problem; then, confirmed, the import itself (one transaction).
 */
export default function TransferPage() {
  const { t } = useTranslation('catalogue');
  const { modal, message } = App.useApp();
  const showError = useShowError();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const [exportAppId, setExportAppId] = useState<number | undefined>();
  const exporter = useExportCatalogue();
  const importer = useImportCatalogue();
  const [file, setFile] = useState<{ name: string; document: unknown } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const check = async (picked: File) => {
    setReport(null);
    setReadError(null);
    let document: unknown;
    try {
      document = JSON.parse(await picked.text());
    } catch {
      setFile(null);
      setReadError(t('transfer.notJson', { name: picked.name }));
      return;
    }
    setFile({ name: picked.name, document });
    importer.mutate({ document, dryRun: true }, { onSuccess: setReport, onError: showError });
  };
  const confirmImport = () => {
    if (!file || !report) return;
    modal.confirm({
      title: t('transfer.confirmTitle'),
      content: t('transfer.confirmText', { created: report.created.length, updated: report.updated.length }),
      okText: t('transfer.import'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () =>
        new Promise<void>((resolve) =>
          importer.mutate(
            { document: file.document, dryRun: false },
            {
              onSuccess: (applied) => {
                setReport(applied);
                void message.success(t('transfer.done'));
                resolve();
              },
              onError: (error) => {
                showError(error);
                // refused (the catalogue changed since the check): check again, so the table shows each problem
                if (error instanceof ApiError && error.code === 400) importer.mutate({ document: file.document, dryRun: true }, { onSuccess: setReport, onError: showError });
                resolve();
              },
            },
          ),
        ),
    });
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={8}>
        <Card title={t('transfer.exportTitle')}>
          <p>{t('transfer.exportHint')}</p>
          <Space wrap>
            <GameSelect value={exportAppId} onChange={setExportAppId} allowClear testId="export-game" />
            <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate(exportAppId, { onError: showError })} data-testid="catalogue-export">
              {t('transfer.export')}
            </Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card title={t('transfer.importTitle')}>
          {!canWrite ? (
            <Alert type="info" showIcon title={t('readOnly')} />
          ) : (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Upload.Dragger
                accept=".json,application/json"
                showUploadList={false}
                multiple={false}
                beforeUpload={(picked) => {
                  void check(picked);
                  return false;
                }}
                data-testid="catalogue-import-file"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p>{t('transfer.drop')}</p>
                <Typography.Text type="secondary">{t('transfer.dropHint')}</Typography.Text>
              </Upload.Dragger>
              {readError && <Alert type="error" showIcon title={readError} />}
              {importer.isPending && !report && <Alert type="info" showIcon title={t('transfer.checking', { name: file?.name ?? '' })} />}
              {report && <ImportReportView report={report} fileName={file?.name ?? ''} />}
              {report?.valid && !report.applied && (
                <Button
                  type="primary"
                  onClick={confirmImport}
                  disabled={report.created.length === 0 && report.updated.length === 0}
                  loading={importer.isPending}
                  data-testid="catalogue-import-confirm"
                >
                  {t('transfer.import')}
                </Button>
              )}
            </Space>
          )}
        </Card>
      </Col>
    </Row>
  );
}
