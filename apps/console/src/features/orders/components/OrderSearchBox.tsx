import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The one search box (remounted when the address's search changes, so it shows what was searched). */
export function OrderSearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
      <Input
        size="large"
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onSearch(text)}
        data-testid="order-search-input"
      />
      <Button size="large" type="primary" onClick={() => onSearch(text)} data-testid="order-search-submit">
        {tApp('common.search')}
      </Button>
    </Space.Compact>
  );
}
