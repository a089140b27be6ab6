import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GameView } from '@shop/contract/console/catalogue';
import { useShowError } from '../../../shared/ui/errors';
import { useCreateGame } from '../api/create-game';
import { useRenameGame } from '../api/rename-game';
import { ImageField } from './ImageField';

interface GameForm {
  appId: number | null;
  name: string;
  /** The game's art in the shop: an uploaded /media/... URL, a site path or an https URL; '' for none. */
  banner: string;
  icon: string;
}

interface Props {
  /** null: closed; without `editing`: a new game. */
  dialog: { editing?: GameView | undefined } | null;
  onClose: () => void;
  onCreated: (appId: number) => void;
}

/** Creates a game (its app id stays once made) or renames one, with its banner and icon. */
export function GameDialog({ dialog, onClose, onCreated }: Props) {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const showError = useShowError();
  const createGame = useCreateGame();
  const renameGame = useRenameGame();
  const form = useForm<GameForm>({ defaultValues: { appId: null, name: '', banner: '', icon: '' } });
  const editing = dialog?.editing;
  const { reset } = form;
  useEffect(() => {
    if (dialog) reset({ appId: dialog.editing?.appId ?? null, name: dialog.editing?.name ?? '', banner: dialog.editing?.banner ?? '', icon: dialog.editing?.icon ?? '' });
  }, [dialog, reset]);
  const save = form.handleSubmit((values) => {
    const body = { name: values.name, banner: values.banner.trim() || null, icon: values.icon.trim() || null };
    if (editing) renameGame.mutate({ appId: editing.appId, body }, { onSuccess: onClose, onError: showError });
    else createGame.mutate({ appId: values.appId!, ...body }, { onSuccess: (game) => (onClose(), onCreated(game.appId)), onError: showError });
  });
  return (
    <Modal
      open={dialog !== null}
      title={editing ? t('games.rename') : t('games.new')}
      width={640}
      onCancel={onClose}
      onOk={() => void save()}
      okText={tApp('common.save')}
      confirmLoading={createGame.isPending || renameGame.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('field.appId')} required validateStatus={form.formState.errors.appId ? 'error' : undefined}>
          <Controller
            control={form.control}
            name="appId"
            rules={{ validate: (value) => (value !== null && value > 0) || t('games.appIdRequired') }}
            render={({ field }) => (
              <InputNumber<number> value={field.value} onChange={field.onChange} min={1} max={2_147_483_647} precision={0} disabled={Boolean(editing)} style={{ width: 200 }} data-testid="game-app-id" />
            )}
          />
        </Form.Item>
        <Form.Item label={t('field.name')} required validateStatus={form.formState.errors.name ? 'error' : undefined}>
          <Controller
            control={form.control}
            name="name"
            rules={{ validate: (value) => value.trim() !== '' || t('games.nameRequired') }}
            render={({ field }) => <Input {...field} maxLength={100} data-testid="game-name" />}
          />
        </Form.Item>
        <Form.Item label={t('games.banner')} extra={t('games.bannerHint')}>
          <Controller control={form.control} name="banner" render={({ field }) => <ImageField value={field.value} onChange={field.onChange} testId="game-banner" />} />
        </Form.Item>
        <Form.Item label={t('games.icon')} extra={t('games.iconHint')}>
          <Controller control={form.control} name="icon" render={({ field }) => <ImageField value={field.value} onChange={field.onChange} testId="game-icon" />} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
