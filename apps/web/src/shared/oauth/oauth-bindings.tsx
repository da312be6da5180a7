import { OAUTH_ERRORS, type OAuthErrorKey } from '@lintel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Popconfirm, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifier } from '../api/notify';
import { fetchMyBindings, oauthKeys, startLink, unlink } from './oauth-api';
import { ProviderBadge } from './provider-icon';

/**
 * The personal centre's third-party accounts: the tenant's providers with the account's linked
 * state, a link button (off to the provider and back here with `?oauthBound=` or `?oauthError=`)
 * and an unlink button with confirmation.
 */
export function OAuthBindings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const bound = search.get('oauthBound');
  const errorKey = search.get('oauthError');
  const { data, isLoading } = useQuery({ queryKey: oauthKeys.myBindings, queryFn: fetchMyBindings });
  const announced = useRef(false);

  // Coming back from the provider: say how linking went once, then tidy the address.
  useEffect(() => {
    if (!bound || announced.current || !data) return;
    announced.current = true;
    const name = data.find((p) => p.code === bound)?.name ?? bound;
    notifier().success(t('oauth.bindings.bound', { name }));
    const next = new URLSearchParams(search);
    next.delete('oauthBound');
    setSearch(next, { replace: true });
  }, [bound, data, search, setSearch, t]);

  const link = useMutation({
    mutationFn: startLink,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const remove = useMutation({
    mutationFn: unlink,
    onSuccess: async () => {
      notifier().success(t('oauth.bindings.unlinked'));
      await queryClient.invalidateQueries({ queryKey: oauthKeys.myBindings });
    },
  });

  const errorText = errorKey
    ? t(`oauth.error.${OAUTH_ERRORS.includes(errorKey as OAuthErrorKey) ? errorKey : 'unknown'}`)
    : null;

  return (
    <section aria-label={t('oauth.bindings.title')} data-testid="oauth-bindings">
      {errorText && (
        <Alert
          type="error"
          showIcon
          closable={{
            onClose: () => {
              const next = new URLSearchParams(search);
              next.delete('oauthError');
              setSearch(next, { replace: true });
            },
          }}
          title={errorText}
          style={{ marginBottom: 16 }}
        />
      )}
      <List
        loading={isLoading}
        dataSource={data ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('oauth.bindings.empty')} />,
        }}
        renderItem={(item) => (
          <List.Item
            data-provider={item.code}
            actions={[
              item.bound ? (
                <Popconfirm
                  key="unlink"
                  title={t('oauth.bindings.unlinkConfirm', { name: item.name })}
                  okText={t('oauth.bindings.unlink')}
                  cancelText={t('oauth.admin.cancel')}
                  onConfirm={() => remove.mutateAsync(item.code)}
                >
                  <Button danger>{t('oauth.bindings.unlink')}</Button>
                </Popconfirm>
              ) : (
                <Button
                  key="link"
                  type="primary"
                  loading={link.isPending && link.variables === item.code}
                  onClick={() => link.mutate(item.code)}
                >
                  {t('oauth.bindings.link')}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={<ProviderBadge icon={item.icon} name={item.name} />}
              title={item.name}
              description={
                <Space size={8} wrap>
                  {item.bound ? (
                    <Tag color="success">{t('oauth.bindings.linked')}</Tag>
                  ) : (
                    <Tag>{t('oauth.bindings.notLinked')}</Tag>
                  )}
                  {item.bindTime && (
                    <span>
                      {t('oauth.bindings.linkedAt', {
                        time: dayjs(item.bindTime).format('YYYY-MM-DD HH:mm'),
                      })}
                    </span>
                  )}
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
