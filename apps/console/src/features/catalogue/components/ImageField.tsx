import { Button, Image, Input, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEDIA_CONTENT_TYPES, MEDIA_MAX_BYTES } from '@shop/contract/console/catalogue';
import { useShowError } from '../../../shared/ui/errors';
import { useUploadMedia } from '../api/upload-media';

interface ImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  testId: string;
  size?: number;
}

/** An image URL with a preview and an upload button: the uploaded file's /media/<sha256> URL replaces the URL. */
export function ImageField({ value, onChange, testId, size = 64 }: ImageFieldProps) {
  const { t } = useTranslation('catalogue');
  const upload = useUploadMedia();
  const showError = useShowError();
  return (
    <Space align="start">
      <Image
        src={value || undefined}
        width={size}
        height={size}
        style={{ objectFit: 'contain', background: '#f5f5f5', borderRadius: 6 }}
        fallback="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
        data-testid={`${testId}-preview`}
      />
      <Space orientation="vertical" size={4}>
        <Input value={value} onChange={(event) => onChange(event.target.value)} style={{ width: 360 }} placeholder="/media/… or https://…" data-testid={testId} />
        <Upload
          accept={MEDIA_CONTENT_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > MEDIA_MAX_BYTES) {
              showError(new Error(t('image.tooLarge')));
              return Upload.LIST_IGNORE;
            }
            upload.mutate(file, { onSuccess: (media) => onChange(media.url), onError: showError });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid={`${testId}-upload`}>
            {t('image.upload')}
          </Button>
        </Upload>
      </Space>
    </Space>
  );
}
