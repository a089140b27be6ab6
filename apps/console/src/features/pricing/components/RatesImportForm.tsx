import { Button, DatePicker, Input, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { RatesInput } from '../lib/rates-table';

interface Props {
  input: RatesInput;
  onChange: (changes: Partial<RatesInput>) => void;
  onCheck: () => void;
  checking: boolean;
}

/** A rates table to import: its date and source, and the table pasted or read from a CSV or JSON file. */
export function RatesImportForm({ input, onChange, onCheck, checking }: Props) {
  const { t } = useTranslation('pricing');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker
          value={input.asOf ? dayjs(input.asOf) : null}
          onChange={(day) => onChange({ asOf: day ? day.format('YYYY-MM-DD') : '' })}
          placeholder={t('field.asOf')}
          data-testid="rates-as-of"
        />
        <Input value={input.source} onChange={(event) => onChange({ source: event.target.value })} placeholder={t('rates.sourcePlaceholder')} maxLength={200} style={{ width: 260 }} data-testid="rates-source" />
        <Upload
          accept=".csv,.json,text/csv,application/json,text/plain"
          showUploadList={false}
          multiple={false}
          beforeUpload={(file) => {
            void file.text().then((text) => onChange({ text }));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="rates-file">
            {t('rates.upload')}
          </Button>
        </Upload>
      </Space>
      <Input.TextArea
        value={input.text}
        onChange={(event) => onChange({ text: event.target.value })}
        placeholder={t('rates.pastePlaceholder')}
        autoSize={{ minRows: 6, maxRows: 14 }}
        style={{ fontFamily: 'monospace' }}
        data-testid="rates-text"
      />
      <Button type="primary" onClick={onCheck} loading={checking} disabled={input.text.trim() === ''} data-testid="rates-check">
        {t('rates.check')}
      </Button>
    </Space>
  );
}
