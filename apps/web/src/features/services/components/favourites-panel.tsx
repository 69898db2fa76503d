import { ArrowDownOutlined, ArrowUpOutlined, StarFilled } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, List, Skeleton } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { afterChangeOrder, changeOrder } from '../api/change-order.ts';
import { useMyCollect } from '../api/get-my-collect.ts';
import { ServiceIcon } from './service-icon.tsx';
import { useToggleCollect } from './service-grid.tsx';
import { useOpenService } from './use-open-service.ts';

/** The user's favourites in their order: open, move up or down, remove. */
export function FavouritesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
  const move = (i: number, by: number) => {
    const ids = list.map((s) => s.serviceId);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    reorder.mutate(ids);
  };
  return (
    <Card title={t('services.myFavourites')} size="small" className="svc-favourites">
      {favs.isPending ? (
        // Until the list has come: "no favourites yet" would not be true.
        <Skeleton active title={false} paragraph={{ rows: 3 }} aria-busy="true" />
      ) : list.length === 0 ? (
        <Empty description={t('services.favouritesEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
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
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0 || reorder.isPending}
                  aria-label={t('services.moveUp', { name: s.serviceName })}
                  onClick={() => move(i, -1)}
                />,
                <Button
                  key="down"
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={i === list.length - 1 || reorder.isPending}
                  aria-label={t('services.moveDown', { name: s.serviceName })}
                  onClick={() => move(i, 1)}
                />,
                <Button
                  key="rm"
                  size="small"
                  type="text"
                  icon={<StarFilled />}
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
