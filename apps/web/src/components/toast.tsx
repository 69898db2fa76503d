import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { App } from 'antd';
import type { ArgsProps, JointContent, MessageInstance } from 'antd/es/message/interface';
import { isValidElement, useMemo, type ComponentType } from 'react';

type Kind = 'success' | 'error' | 'warning' | 'info' | 'loading';

const ICONS: Record<Kind, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  warning: ExclamationCircleFilled,
  info: InfoCircleFilled,
  loading: LoadingOutlined,
};

const isArgs = (c: JointContent): c is ArgsProps =>
  typeof c === 'object' && c !== null && !isValidElement(c) && 'content' in c;

/**
 * Ant Design's toasts with their icons hidden from screen readers: a toast is announced as an alert, and Ant Design's
 * icon put its English name first ("close-circle 保存失败", "check-circle Saved"). Use `useToast()` where a component
 * would take `message` from `App.useApp()` (lint enforces it); the calls are the same.
 */
export function toastsOf(message: MessageInstance): MessageInstance {
  const show = (kind: Kind) => (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction) => {
    const Icon = ICONS[kind];
    const args: ArgsProps = isArgs(content)
      ? content
      : typeof duration === 'function'
        ? { content, onClose: duration }
        : { content, duration, onClose };
    return message[kind]({ icon: <Icon aria-hidden />, ...args });
  };
  return {
    ...message,
    success: show('success'),
    error: show('error'),
    warning: show('warning'),
    info: show('info'),
    loading: show('loading'),
  };
}

/** The app's toasts (Ant Design's message API of the nearest App), icons hidden from screen readers. */
export function useToast(): MessageInstance {
  const message = App.useApp().message;
  return useMemo(() => toastsOf(message), [message]);
}
