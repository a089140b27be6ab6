/**
 * Asks before a destructive action (cancel an order, request a refund, delete) with antd-mobile's Dialog, loaded only
 * when asked. Resolves true when the player confirms.
 */
export async function confirmAction(content: string, confirmText: string, cancelText: string): Promise<boolean> {
  const [, { default: Dialog }] = await Promise.all([import('./antd-setup'), import('antd-mobile/es/components/dialog')]);
  return Dialog.confirm({ content, confirmText, cancelText });
}
