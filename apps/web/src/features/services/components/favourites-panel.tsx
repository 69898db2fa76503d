import { ArrowDownOutlined, ArrowUpOutlined, StarFilled } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { afterChangeOrder, changeOrder } from '../api/change-order.ts';
import { useMyCollect } from '../api/get-my-collect.ts';
import { ServiceIcon } from './service-icon.tsx';
import { useToggleCollect } from './service-grid.tsx';
import { useOpenService } from './use-open-service.ts';
import { useToast } from '../../../components/toast.tsx';

/** The user's favourites in their order: open, move up or down, remove. */
export function FavouritesPanel() {
  const { t } = useTranslation();
  const message = useToast();
  const client = useQueryClient();
  const open = useOpenService();
  const toggle = useToggleCollect();
  const favs = useMyCollect();
  const reorder = useMutation({
    mutationFn: changeOrder,
    onSuccess: (list) => {
      afterChangeOrder(client, list);
      void message.success(t('services.orderSaved'));
    },
  });
  const list = favs.data ?? [];
  const panel = useRef<HTMLDivElement>(null);
  // The item just moved and the button it was moved with: focus follows it to its new place.
  const follow = useRef<{ serviceId: string; by: number } | null>(null);
  const move = (i: number, by: number) => {
    if (reorder.isPending) return;
    const ids = list.map((s) => s.serviceId);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    follow.current = { serviceId: ids[j]!, by };
    reorder.mutate(ids);
  };
  useEffect(() => {
    const f = follow.current;
    if (!f || reorder.isPending) return;
    follow.current = null;
    const item = [...(panel.current?.querySelectorAll('[data-service-id]') ?? [])].find(
      (el) => el.getAttribute('data-service-id') === f.serviceId,
    );
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${f.by}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${-f.by}"]`);
    // At the top or bottom the same button is now disabled: the item's other move button takes focus.
    (same && !same.disabled ? same : other)?.focus();
  });
  return (
    <Card ref={panel} title={t('services.myFavourites')} size="small" className="svc-favourites">
      {favs.isPending ? (
        // Until the list has come: "no favourites yet" would not be true.
        <Skeleton active title={false} paragraph={{ rows: 3 }} aria-busy="true" />
      ) : favs.isError ? (
        <LoadFailed name={t('services.myFavourites')} onRetry={() => void favs.refetch()} />
      ) : list.length === 0 ? (
        <Empty description={t('services.favouritesEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          rowKey="serviceId"
          dataSource={list}
          renderItem={(s, i) => (
            <List.Item
              className="svc-fav-item"
              data-service-id={s.serviceId}
              actions={[
                <Button
                  key="up"
                  size="small"
                  type="text"
                  data-move={-1}
                  icon={<ArrowUpOutlined aria-hidden />}
                  disabled={i === 0}
                  aria-disabled={reorder.isPending || undefined}
                  aria-label={t('services.moveUp', { name: s.serviceName })}
                  onClick={() => move(i, -1)}
                />,
                <Button
                  key="down"
                  size="small"
                  type="text"
                  data-move={1}
                  icon={<ArrowDownOutlined aria-hidden />}
                  disabled={i === list.length - 1}
                  aria-disabled={reorder.isPending || undefined}
                  aria-label={t('services.moveDown', { name: s.serviceName })}
                  onClick={() => move(i, 1)}
                />,
                <Button
                  key="rm"
                  size="small"
                  type="text"
                  icon={<StarFilled aria-hidden />}
                  className="svc-collect active"
                  aria-label={t('services.cancelCollectAria', { name: s.serviceName })}
                  onClick={() => toggle.mutate(s)}
                />,
              ]}
            >
              <button type="button" className="svc-fav-name" onClick={() => void open(s)}>
                <ServiceIcon src={s.serviceIcon} size={20} /> <span>{s.serviceName}</span>
              </button>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
