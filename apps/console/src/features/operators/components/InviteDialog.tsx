import { Controller, useForm } from 'react-hook-form';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperatorRole } from '@shop/contract/console/access';
import { useShowError } from '../../../shared/ui/errors';
import { useInviteOperator } from '../api/invite-operator';

interface InviteForm {
  email: string;
  name: string;
  role: OperatorRole;
}

/** Invites an operator; the answer's one-time link is handed to `onInvited` (shown once by the page). */
export function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (link: { url: string; expiresAt: string }) => void }) {
  const { t } = useTranslation('operators');
  const { t: tApp } = useTranslation();
  const invite = useInviteOperator();
  const showError = useShowError();
  const { control, handleSubmit, reset, formState } = useForm<InviteForm>({ defaultValues: { email: '', name: '', role: 'support' } });
  const submit = handleSubmit((form) =>
    invite.mutate(form, {
      onSuccess: (answer) => {
        reset();
        onInvited({ url: answer.invitationUrl, expiresAt: answer.expiresAt });
      },
      onError: showError,
    }),
  );
  return (
    <Modal open={open} title={t('invite.title')} onCancel={onClose} onOk={() => void submit()} confirmLoading={invite.isPending} okText={t('invite.submit')} okButtonProps={{ 'data-testid': 'invite-submit' } as Record<string, string>}>
      <Form layout="vertical">
        <Form.Item label={t('email')} validateStatus={formState.errors.email ? 'error' : ''} help={formState.errors.email && t('invite.emailRule')}>
          <Controller name="email" control={control} rules={{ required: true, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ }} render={({ field }) => <Input {...field} data-testid="invite-email" />} />
        </Form.Item>
        <Form.Item label={t('name')} validateStatus={formState.errors.name ? 'error' : ''} help={formState.errors.name && t('invite.nameRule')}>
          <Controller name="name" control={control} rules={{ required: true, maxLength: 100 }} render={({ field }) => <Input {...field} data-testid="invite-name" />} />
        </Form.Item>
        <Form.Item label={t('role')}>
          <Controller
            name="role"
            control={control}
            render={({ field }) => (
              <Select {...field} data-testid="invite-role" options={(['admin', 'finance', 'support'] as const).map((role) => ({ value: role, label: tApp(`role.${role}`) }))} />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
