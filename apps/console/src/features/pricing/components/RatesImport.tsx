import { useState } from 'react';
import { Alert, App, Button, Card, Space, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RatesImportBody, RatesImportReport } from '@shop/contract/console/pricing';
import { useShowError } from '../../../shared/ui/errors';
import { useImportRates } from '../api/import-rates';
import { useRates } from '../api/rates';
import { useRecomputePrices } from '../api/recompute-prices';
import { ratesBodyOf, type LocalIssue, type RatesInput } from '../lib/rates-table';
import { ImportIssuesTable } from './ImportIssuesTable';
import { RatesImportForm } from './RatesImportForm';
import { RatesReportView } from './RatesReportView';

/**
 * Imports a rates table: first a dry run showing each rate's move and how many computed prices will drift, or every
 * problem by row and column; then, confirmed, the import; then, on request, the drifted prices recomputed.
 */
export function RatesImport() {
  const { t } = useTranslation('pricing');
  const { modal, message } = App.useApp();
  const showError = useShowError();
  const rates = useRates();
  const importer = useImportRates();
  const recompute = useRecomputePrices();
  const [input, setInput] = useState<RatesInput>({ text: '', asOf: '', source: '' });
  const [checked, setChecked] = useState<{ body: RatesImportBody; report: RatesImportReport } | null>(null);
  const [localIssues, setLocalIssues] = useState<LocalIssue[]>([]);

  const change = (changes: Partial<RatesInput>) => (setInput((before) => ({ ...before, ...changes })), setChecked(null), setLocalIssues([]));
  const check = () => {
    const read = ratesBodyOf(input);
    setLocalIssues(read.issues ?? []);
    if (read.body) importer.mutate({ body: read.body, dryRun: true }, { onSuccess: (report) => setChecked({ body: read.body, report }), onError: showError });
  };
  const apply = () => {
    if (!checked) return;
    modal.confirm({
      title: t('rates.confirmTitle'),
      content: t('rates.confirmText', { count: checked.report.changes.length }),
      okText: t('rates.apply'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () =>
        new Promise<void>((resolve) =>
          importer.mutate(
            { body: checked.body, dryRun: false },
            { onSuccess: (report) => (setChecked({ body: checked.body, report }), resolve()), onError: (error) => (showError(error), resolve()) },
          ),
        ),
    });
  };
  const recomputeDrifted = () =>
    recompute.mutate({ onlyDrifted: true }, { onSuccess: (done) => void message.success(t('prices.recomputed', { count: done.recomputed })), onError: showError });

  const report = checked?.report;
  return (
    <Card title={t('rates.importTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <RatesImportForm input={input} onChange={change} onCheck={check} checking={importer.isPending && !report} />
        {localIssues.length > 0 && <Alert type="error" showIcon title={t('import.invalid', { count: localIssues.length })} />}
        {localIssues.length > 0 && <ImportIssuesTable issues={localIssues} />}
        {report && <RatesReportView report={report} driftPercent={rates.data?.driftPercent} />}
        {report?.valid && !report.applied && (
          <Button type="primary" onClick={apply} disabled={report.changes.length === 0} loading={importer.isPending} data-testid="rates-apply">
            {t('rates.apply')}
          </Button>
        )}
        {report?.applied && report.driftedPoints > 0 && (
          <Button onClick={recomputeDrifted} loading={recompute.isPending} data-testid="rates-recompute">
            {t('rates.recomputeDrifted', { count: report.driftedPoints })}
          </Button>
        )}
      </Space>
    </Card>
  );
}
